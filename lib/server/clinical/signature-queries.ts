import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { signatureInvalidations, signatures } from "@/db/schema";

/**
 * A signature as every reader shows it (the patient page, the casebook PDF, the exports): its
 * manifestation (printed name, instant, meaning) and its state, valid until an invalidation row
 * names it (decision 0032).
 */
export type SignatureView = {
  id: number;
  entityType: "visit" | "patient";
  patientId: number;
  visitId: number | null;
  signerId: number;
  signerName: string;
  meaning: string;
  meaningText: string;
  signedAt: Date;
  dataHash: string;
  invalidatedAt: Date | null;
  invalidationCause: Record<string, unknown> | null;
};

const SIGNATURE_COLUMNS = {
  id: signatures.id,
  entityType: signatures.entityType,
  patientId: signatures.patientId,
  visitId: signatures.visitId,
  signerId: signatures.signerId,
  signerName: signatures.signerName,
  meaning: signatures.meaning,
  meaningText: signatures.meaningText,
  signedAt: signatures.signedAt,
  dataHash: signatures.dataHash,
  invalidatedAt: signatureInvalidations.invalidatedAt,
  invalidationCause: signatureInvalidations.cause,
};

/**
 * Every signature of a patient, on the casebook and on each of their visits, oldest first. The
 * caller has found the patient in the actor's scope: signatures are read only through their record.
 */
export function signaturesOfPatient(tx: Queryable, patientId: number): Promise<SignatureView[]> {
  return tx
    .select(SIGNATURE_COLUMNS)
    .from(signatures)
    .leftJoin(signatureInvalidations, eq(signatureInvalidations.signatureId, signatures.id))
    .where(eq(signatures.patientId, patientId))
    .orderBy(asc(signatures.id));
}

/** The signatures of one visit, oldest first (the caller found the visit in scope). */
export function signaturesOfVisit(tx: Queryable, visitId: number): Promise<SignatureView[]> {
  return tx
    .select(SIGNATURE_COLUMNS)
    .from(signatures)
    .leftJoin(signatureInvalidations, eq(signatureInvalidations.signatureId, signatures.id))
    .where(eq(signatures.visitId, visitId))
    .orderBy(asc(signatures.id));
}

/** A new signature, counted on its patient (`patients.signatures_valid`) in the same statement. */
export async function insertSignature(
  tx: Queryable,
  v: typeof signatures.$inferInsert,
): Promise<{ id: number; signedAt: Date }> {
  const result = await tx.execute(sql`
    with signed as (
      insert into signatures (study_id, patient_id, visit_id, entity_type, signer_id, signer_name,
        meaning, meaning_text, data_hash, covered)
      values (${v.studyId}, ${v.patientId}, ${v.visitId ?? null}, ${v.entityType}, ${v.signerId},
        ${v.signerName}, ${v.meaning}, ${v.meaningText}, ${v.dataHash}, ${JSON.stringify(v.covered)}::jsonb)
      returning id, patient_id, signed_at
    ), counted as (
      update patients set signatures_valid = signatures_valid + 1 from signed where patients.id = signed.patient_id
    )
    select id, to_json(signed_at) #>> '{}' as signed_at from signed`);
  const [row] = (result as unknown as { rows: { id: number; signed_at: string }[] }).rows;
  if (!row) throw new Error("Signing returned no row");
  return { id: Number(row.id), signedAt: new Date(row.signed_at) };
}

/**
 * Invalidates the valid signatures of a patient that covered changed data (decision 0032): the
 * casebook's when `casebook`, and those of the visits named; the patient's count moves with them.
 * Returns the signatures invalidated, with what each was on.
 */
export async function invalidateSignatures(
  tx: Queryable,
  p: {
    patientId: number;
    casebook: boolean;
    visitIds: readonly number[];
    changedBy: number;
    cause: Record<string, unknown>;
  },
): Promise<{ id: number; entityType: "visit" | "patient"; visitId: number | null }[]> {
  const visitIds = sql`array[${sql.join(
    p.visitIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  const result = await tx.execute(sql`
    with hit as (
      insert into signature_invalidations (signature_id, changed_by, cause)
      select s.id, ${p.changedBy}, ${JSON.stringify(p.cause)}::jsonb
      from signatures s
      where s.patient_id = ${p.patientId}
        and ((${p.casebook} and s.entity_type = 'patient') or s.visit_id = any(${visitIds}))
        and not exists (select 1 from signature_invalidations i where i.signature_id = s.id)
      returning signature_id
    ), counted as (
      update patients set signatures_valid = signatures_valid - (select count(*) from hit)
      where patients.id = ${p.patientId} and exists (select 1 from hit)
    )
    select s.id, s.entity_type, s.visit_id from signatures s join hit on hit.signature_id = s.id
    order by s.id`);
  return (
    result as unknown as { rows: { id: number; entity_type: "visit" | "patient"; visit_id: number | null }[] }
  ).rows.map((row) => ({
    id: Number(row.id),
    entityType: row.entity_type,
    visitId: row.visit_id === null ? null : Number(row.visit_id),
  }));
}
