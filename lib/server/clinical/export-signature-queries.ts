import "server-only";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { patients, signatureInvalidations, signatures, users, visits } from "@/db/schema";
import type { ExportSignature, ExportSignatureCause } from "@/lib/exports/export-records";
import type { PatientScope } from "../auth/policy";
import { patientFilter, visitFilter, type VisitFilter } from "./export-queries";

/**
 * The electronic signatures the study export carries (decision 0032; decisions 0016 and 0031 for the
 * export's scope): a patient's casebook signatures and those of its exported visits (live, within
 * the visit filter). Signatures are read only through their patient, which the caller read in the
 * actor's scope, as the patient page and the casebook PDF read them.
 */

/** Instants to the millisecond with `Z`, as JavaScript writes the other review files' times. */
const ISO_MS = (column: typeof signatures.signedAt | typeof signatureInvalidations.invalidatedAt) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Which signatures of the exported patients an export carries: casebooks, and exported visits'. */
const exportedSignature = (studyId: number, filter: VisitFilter) =>
  and(eq(signatures.studyId, studyId), or(isNull(signatures.visitId), visitFilter(studyId, filter)));

/** A batch's signatures by patient, each patient's oldest first (the order they were given). */
export async function readExportSignatures(
  tx: Queryable,
  p: { studyId: number; patientIds: readonly number[]; filter: VisitFilter },
): Promise<Map<number, ExportSignature[]>> {
  const byPatient = new Map<number, ExportSignature[]>();
  if (p.patientIds.length === 0) return byPatient;
  const rows = await tx
    .select({
      id: signatures.id,
      patientId: signatures.patientId,
      entityType: signatures.entityType,
      visitId: signatures.visitId,
      visitNumber: visits.visitNumber,
      visitType: visits.visitType,
      signerId: signatures.signerId,
      signerName: signatures.signerName,
      meaning: signatures.meaning,
      meaningText: signatures.meaningText,
      signedAt: ISO_MS(signatures.signedAt),
      dataHash: signatures.dataHash,
      invalidatedAt: ISO_MS(signatureInvalidations.invalidatedAt),
      changedBy: signatureInvalidations.changedBy,
      cause: signatureInvalidations.cause,
    })
    .from(signatures)
    .leftJoin(visits, eq(visits.id, signatures.visitId))
    .leftJoin(signatureInvalidations, eq(signatureInvalidations.signatureId, signatures.id))
    .where(and(inArray(signatures.patientId, [...p.patientIds]), exportedSignature(p.studyId, p.filter)))
    .orderBy(asc(signatures.patientId), asc(signatures.id));
  for (const row of rows) {
    const list = byPatient.get(row.patientId) ?? [];
    list.push({
      id: row.id,
      entity_type: row.entityType,
      visit_id: row.visitId,
      visit_number: row.visitNumber,
      visit_type: row.visitType,
      signer_id: row.signerId,
      signer_name: row.signerName,
      meaning: row.meaning,
      meaning_text: row.meaningText,
      signed_at: row.signedAt ?? "",
      data_hash: row.dataHash,
      state: row.invalidatedAt === null ? "valid" : "invalidated",
      invalidated_at: row.invalidatedAt,
      invalidated_by_user: row.changedBy,
      invalidated_by: row.cause === null ? null : causeOf(row.cause),
    });
    byPatient.set(row.patientId, list);
  }
  return byPatient;
}

/** The stored cause (`InvalidationCause` of lib/schemas/signatures.ts), read defensively. */
function causeOf(cause: Record<string, unknown>): ExportSignatureCause {
  return {
    entity_type: cause.entity_type === "patient" ? "patient" : "visit",
    entity_id: typeof cause.entity_id === "number" ? cause.entity_id : null,
    visit_number: typeof cause.visit_number === "number" ? cause.visit_number : null,
    fields: Array.isArray(cause.fields) ? cause.fields.filter((f): f is string => typeof f === "string") : [],
  };
}

/**
 * What the ODM file's AdminData must hold before its first subject (ODM puts AdminData before
 * ClinicalData): the signers of the valid signatures the export carries (each a `User` that a
 * `Signature/UserRef` names), and the meanings of every signature it carries (a `SignatureDef`
 * each), with the words the latest signer of that meaning saw.
 */
export async function readSignatureAdmin(
  tx: Queryable,
  studyId: number,
  scope: PatientScope,
  filter: VisitFilter,
): Promise<{
  signers: { id: number; email: string | null; name: string | null }[];
  meanings: { key: string; text: string }[];
}> {
  const exported = and(patientFilter(studyId, scope), exportedSignature(studyId, filter));
  const [signers, meanings] = await Promise.all([
    tx
      .selectDistinct({ id: users.id, email: users.email, name: users.fullName })
      .from(signatures)
      .innerJoin(patients, eq(patients.id, signatures.patientId))
      .leftJoin(visits, eq(visits.id, signatures.visitId))
      .leftJoin(signatureInvalidations, eq(signatureInvalidations.signatureId, signatures.id))
      .innerJoin(users, eq(users.id, signatures.signerId))
      .where(and(exported, isNull(signatureInvalidations.id)))
      .orderBy(asc(users.id)),
    tx
      .selectDistinctOn([signatures.meaning], { key: signatures.meaning, text: signatures.meaningText })
      .from(signatures)
      .innerJoin(patients, eq(patients.id, signatures.patientId))
      .leftJoin(visits, eq(visits.id, signatures.visitId))
      .where(exported)
      .orderBy(asc(signatures.meaning), desc(signatures.id)),
  ]);
  return { signers, meanings };
}
