import "server-only";
import { fieldsForEntity, isEmptyValue } from "@/lib/forms";
import {
  changedFields,
  clearChangedVerification,
  formStatusOf,
  sdvRequiredFields,
  VERIFIABLE_RECORD_COLUMNS,
  type FormStatus,
  type ReviewEntity,
  type Verification,
} from "@/lib/schemas/data-review";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { PatientRow } from "./patient-queries";
import type { VisitRow } from "./visit-queries";

/**
 * The review state a write leaves on a record (decision 0031: review state travels with the
 * data): the verification of every value the write changed is cleared in the same statement,
 * and the form status follows. The rules are the pure ones of lib/schemas/data-review.ts; this
 * module only says what a patient's and a visit's fields and answers are.
 */

/** A record's answers: study-field values, missing-data codes, and its own columns. */
export type ReviewedRecord = {
  values: Record<string, unknown>;
  missing: Record<string, string>;
  columns: Record<string, unknown>;
  locked: boolean;
  completedAt: Date | null;
  verification: Verification;
};

/** The study fields of an entity, by name. */
export function studyFieldNames(config: StudyConfig, entity: ReviewEntity): string[] {
  return fieldsForEntity(config.data_fields, entity).map((field) => field.name);
}

/** Every name a verification may carry on this entity: its own columns and its study fields. */
export function verifiableFields(config: StudyConfig, entity: ReviewEntity): string[] {
  return [...VERIFIABLE_RECORD_COLUMNS[entity], ...studyFieldNames(config, entity)];
}

function answeredIn(record: ReviewedRecord): (field: string) => boolean {
  return (field) => Object.hasOwn(record.missing, field) || !isEmptyValue(record.values[field]);
}

/** The fields the study requires verified on this record. */
export function requiredVerification(
  config: StudyConfig,
  entity: ReviewEntity,
  record: ReviewedRecord,
): string[] {
  return sdvRequiredFields(
    config.sdv_requirement ?? "none",
    entity,
    fieldsForEntity(config.data_fields, entity),
    answeredIn(record),
  );
}

/** The fields "all" names: the record's own columns and every answered study field. */
export function answeredFields(config: StudyConfig, entity: ReviewEntity, record: ReviewedRecord): string[] {
  return [
    ...VERIFIABLE_RECORD_COLUMNS[entity],
    ...studyFieldNames(config, entity).filter(answeredIn(record)),
  ];
}

export function formStatusFor(config: StudyConfig, entity: ReviewEntity, record: ReviewedRecord): FormStatus {
  return formStatusOf({
    locked: record.locked,
    completed: record.completedAt !== null,
    required: requiredVerification(config, entity, record),
    verification: record.verification,
  });
}

/**
 * After a change from `before` to `after` by `userId`: the verification with the changed values'
 * entries cleared, the fields cleared, and the form status. A value counts as changed when its
 * value or its missing-data code changed, or for the record's own columns their value.
 */
export function reviewAfterChange(
  config: StudyConfig,
  entity: ReviewEntity,
  before: ReviewedRecord,
  after: Omit<ReviewedRecord, "verification" | "completedAt" | "locked">,
  userId: number,
  at: Date,
): { verification: Verification; formStatus: FormStatus; cleared: string[] } {
  const changed = new Set([
    ...changedFields(before.values, after.values),
    ...changedFields(before.missing, after.missing),
    ...changedFields(before.columns, after.columns),
  ]);
  const clearing = clearChangedVerification(before.verification, [...changed], userId, at.toISOString());
  const verification = clearing?.verification ?? before.verification;
  const formStatus = formStatusFor(config, entity, {
    ...after,
    locked: before.locked,
    completedAt: before.completedAt,
    verification,
  });
  return { verification, formStatus, cleared: clearing?.cleared ?? [] };
}

/** A visit as the review reads it (the SDV list reads only these columns, decision 0031). */
export function reviewedVisit(
  visit: Pick<
    VisitRow,
    "dataFields" | "missing" | "visitDate" | "visitType" | "isLocked" | "completedAt" | "verification"
  >,
): ReviewedRecord {
  return {
    values: visit.dataFields,
    missing: visit.missing,
    columns: { visit_date: visit.visitDate, visit_type: visit.visitType },
    locked: visit.isLocked,
    completedAt: visit.completedAt,
    verification: visit.verification,
  };
}

/** A patient as the review reads it. */
export function reviewedPatient(patient: PatientRow): ReviewedRecord {
  return {
    values: patient.customFields,
    missing: patient.missing,
    columns: {
      birth_date: patient.birthDate,
      sex: patient.sex,
      height_cm: patient.heightCm,
      weight_kg: patient.weightKg,
      naive_systemic: patient.naiveSystemic,
      naive_biologic: patient.naiveBiologic,
    },
    locked: false,
    completedAt: patient.completedAt,
    verification: patient.verification,
  };
}

/** The review part of a patient or visit answer (lib/schemas/data-review.ts ReviewFields). */
export function reviewResponse(row: {
  formStatus: FormStatus;
  completedAt: Date | null;
  completedBy: number | null;
  verification: Verification;
}) {
  return {
    form_status: row.formStatus,
    completed_at: row.completedAt?.toISOString() ?? null,
    completed_by: row.completedBy,
    verification: row.verification,
  };
}
