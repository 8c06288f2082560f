import "server-only";
import type { Db } from "@/db/client";
import { DATA_LOCK_MESSAGES, type LockStateResponse } from "@/lib/schemas/data-lock";
import { conflict } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { auditedTransaction } from "../audit/audit-writer";
import { updatePatientRow } from "./patient-queries";
import { openPatient } from "./patient-service";

const lockState = (row: {
  id: number;
  lockedAt: Date | null;
  lockedBy: number | null;
}): LockStateResponse => ({
  id: row.id,
  locked_at: row.lockedAt?.toISOString() ?? null,
  locked_by: row.lockedBy,
});

/**
 * Freezes (`frozen`) or unfreezes a patient's whole record with a reason
 * (docs/decisions/0034-patient-and-study-lock.md): clinical.freeze in scope (principal
 * investigators, administrators); a locked study refuses it like any write (clinical-study.ts). The
 * row is held while it changes, so a write queued behind it reads the new state. Freezing a frozen
 * patient, or unfreezing one who is not, is a 409 that says so.
 */
export async function setPatientFreeze(
  db: Db,
  actor: Actor,
  id: number,
  frozen: boolean,
  reason: string,
  meta: RequestMeta,
): Promise<LockStateResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const { study, patient } = await openPatient(tx, actor, id, "clinical.freeze", true);
    if (frozen && patient.lockedAt) throw conflict(DATA_LOCK_MESSAGES.patientAlreadyFrozen(patient.code));
    if (!frozen && !patient.lockedAt) throw conflict(DATA_LOCK_MESSAGES.patientNotFrozen(patient.code));
    const changed = await updatePatientRow(
      tx,
      patient,
      frozen ? { lockedAt: new Date(), lockedBy: actor.userId } : { lockedAt: null, lockedBy: null },
    );
    const before = lockState(patient);
    const after = lockState(changed);
    audit({
      action: frozen ? "lock" : "unlock",
      entityType: "patient",
      entityId: id,
      studyId: study.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      reason,
      oldValues: { locked_at: before.locked_at, locked_by: before.locked_by },
      newValues: { locked_at: after.locked_at, locked_by: after.locked_by },
    });
    return after;
  });
}
