import "server-only";
import { createHash } from "node:crypto";
import type { PatientRow } from "../clinical/patient-queries";
import type { VisitRow } from "../clinical/visit-queries";
import { changedFields } from "@/lib/schemas/data-review";
import { canonicalJson } from "../audit/hash-chain";

/**
 * Exactly the data a signature covers (decision 0032) and its SHA-256: the values, the missing-data
 * codes, the calculated values and the record versions, in canonical JSON (keys sorted at every
 * depth), so the same data always gives the same hash. Workflow state (verification, form status,
 * locks) is review of the data, not the data, and is left out.
 */

export type Covered = {
  patient?: { id: number; version: number };
  visits: { id: number; version: number }[];
};

function signedVisit(visit: VisitRow) {
  return {
    id: visit.id,
    version: visit.version,
    visit_number: visit.visitNumber,
    visit_date: visit.visitDate,
    visit_type: visit.visitType,
    data_fields: visit.dataFields,
    missing: visit.missing,
    calculated_values: visit.calculatedValues,
    config_version: visit.configVersion,
    protocol_version_id: visit.protocolVersionId,
  };
}

function signedPatient(patient: PatientRow) {
  return {
    id: patient.id,
    version: patient.version,
    code: patient.code,
    birth_date: patient.birthDate,
    sex: patient.sex,
    height_cm: patient.heightCm,
    weight_kg: patient.weightKg,
    naive_systemic: patient.naiveSystemic,
    naive_biologic: patient.naiveBiologic,
    custom_fields: patient.customFields,
    missing: patient.missing,
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** One visit's signed data. */
export function visitSignedData(studyId: number, visit: VisitRow): { hash: string; covered: Covered } {
  const data = { entity: "visit", study_id: studyId, patient_id: visit.patientId, visit: signedVisit(visit) };
  return {
    hash: sha256(canonicalJson(data)),
    covered: { visits: [{ id: visit.id, version: visit.version }] },
  };
}

/** A casebook's signed data: the patient's own values and every live visit, by visit number. */
export function casebookSignedData(
  studyId: number,
  patient: PatientRow,
  visits: readonly VisitRow[],
): { hash: string; covered: Covered } {
  const ordered = [...visits].sort((a, b) => a.visitNumber - b.visitNumber);
  const data = {
    entity: "patient",
    study_id: studyId,
    patient: signedPatient(patient),
    visits: ordered.map(signedVisit),
  };
  return {
    hash: sha256(canonicalJson(data)),
    covered: {
      patient: { id: patient.id, version: patient.version },
      visits: ordered.map((visit) => ({ id: visit.id, version: visit.version })),
    },
  };
}

const union = (...lists: string[][]) => [...new Set(lists.flat())].sort();

/** The signed fields a visit write changed: values, missing codes and the visit's own columns. */
export function changedVisitFields(before: VisitRow, after: VisitRow): string[] {
  const columns = (v: VisitRow) => ({
    visit_number: v.visitNumber,
    visit_date: v.visitDate,
    visit_type: v.visitType,
  });
  return union(
    changedFields(before.dataFields, after.dataFields),
    changedFields(before.missing, after.missing),
    changedFields(columns(before), columns(after)),
  );
}

/** The signed fields a patient write changed. */
export function changedPatientFields(before: PatientRow, after: PatientRow): string[] {
  const { custom_fields: beforeValues, missing: beforeMissing, ...beforeColumns } = signedPatient(before);
  const { custom_fields: afterValues, missing: afterMissing, ...afterColumns } = signedPatient(after);
  const { version: _bv, id: _bi, ...a } = beforeColumns;
  const { version: _av, id: _ai, ...b } = afterColumns;
  return union(
    changedFields(beforeValues, afterValues),
    changedFields(beforeMissing, afterMissing),
    changedFields(a, b),
  );
}
