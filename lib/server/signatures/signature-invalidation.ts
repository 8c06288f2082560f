import "server-only";
import type { Queryable } from "@/db/client";
import type { InvalidationCause } from "@/lib/schemas/signatures";
import type { RequestMeta } from "../api/request-meta";
import type { AuditRecorder } from "../audit/audit-writer";
import { invalidateSignatures } from "../clinical/signature-queries";

/**
 * What a change of a patient's data does to their signatures (decision 0032): in the change's own
 * transaction, every valid signature that covered the changed data is invalidated (the casebook's
 * for any change of the patient or a visit, a visit's for a change of that visit) and each
 * invalidation is an audit row on the signed record, beside the change's own. A patient without a
 * valid signature (`signatures_valid`, read with the patient) costs no statement.
 */
export async function invalidateAfterChange(
  tx: Queryable,
  audit: AuditRecorder,
  p: {
    studyId: number;
    patientId: number;
    /** The patient's valid signatures as read in this transaction; null when not read. */
    signaturesValid: number | null;
    /** Visits whose signed data changed (the visit written, and any recalculated). */
    visitIds: readonly number[];
    cause: InvalidationCause;
    actor: { userId: number; email: string | null };
    meta: RequestMeta;
  },
): Promise<void> {
  if (p.signaturesValid === 0) return;
  const invalidated = await invalidateSignatures(tx, {
    patientId: p.patientId,
    casebook: true,
    visitIds: p.visitIds,
    changedBy: p.actor.userId,
    cause: p.cause,
  });
  for (const signature of invalidated)
    audit({
      action: "update",
      entityType: signature.entityType,
      entityId: signature.visitId ?? p.patientId,
      studyId: p.studyId,
      actor: p.actor,
      meta: p.meta,
      oldValues: { signature_id: signature.id, signature_state: "valid" },
      newValues: { signature_id: signature.id, signature_state: "invalidated", invalidated_by: p.cause },
    });
}
