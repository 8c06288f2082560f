import "server-only";
import { DATA_LOCK_MESSAGES } from "@/lib/schemas/data-lock";
import { ApiError } from "../api/errors";
import type { Permission } from "../auth/policy";

/**
 * What a frozen patient refuses (docs/decisions/0034-patient-and-study-lock.md): every change of
 * their record or visits, and of the review state stored on them (completion, visit locks, SDV),
 * as a locked visit refuses them. Data queries are a conversation about the data, not the data:
 * they go on, as on a locked visit; so do reads and the freeze itself (its unlock).
 */
const FROZEN_REFUSES: ReadonlySet<Permission> = new Set<Permission>([
  "clinical.write",
  "clinical.unlock",
  "clinical.reassign",
  "sdv.verify",
]);

/** Whether a call asking `permission` must look at the patient's freeze. */
export const freezeApplies = (permission: Permission): boolean => FROZEN_REFUSES.has(permission);

/** 423 naming the patient while they are frozen. Callers read `lockedAt` under the patient row's lock. */
export function assertPatientNotFrozen(patient: { code: string; lockedAt: Date | null }): void {
  if (patient.lockedAt) throw new ApiError("locked", DATA_LOCK_MESSAGES.patientFrozen(patient.code));
}
