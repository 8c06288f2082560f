import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { visits } from "@/db/schema";
import { PATIENT_MESSAGES } from "@/lib/schemas/patients";
import { VISIT_MESSAGES } from "@/lib/schemas/visits";
import { ApiError } from "../api/errors";
import type { VisitRow } from "./visit-queries";

/**
 * The one guard of data that may no longer change. A locked visit answers 423 to any change of
 * itself and to anything that would take it away with it (deleting its patient); signed and frozen
 * data will be refused here too, so every write path that asks this module inherits the new rule.
 * Callers hold the patient row FOR UPDATE (openPatient / openVisit with forUpdate): a lock cannot
 * land between this check and their write, since locking a visit takes its patient row first.
 */
export function assertVisitChangeable(visit: VisitRow): void {
  if (visit.isLocked) throw new ApiError("locked", VISIT_MESSAGES.locked(visit.visitNumber));
}

/** A patient may be deleted only while none of its live visits is protected. */
export async function assertPatientRemovable(tx: Queryable, patientId: number): Promise<void> {
  const [locked] = await tx
    .select({ visitNumber: visits.visitNumber })
    .from(visits)
    .where(and(eq(visits.patientId, patientId), isNull(visits.deletedAt), eq(visits.isLocked, true)))
    .orderBy(asc(visits.visitNumber))
    .limit(1);
  if (locked) throw new ApiError("locked", PATIENT_MESSAGES.lockedVisit(locked.visitNumber));
}
