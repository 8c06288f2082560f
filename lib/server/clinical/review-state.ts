import "server-only";
import { formStatusFor, type ReviewedRecord } from "@/lib/forms/review-fields";
import {
  changedFields,
  clearChangedVerification,
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
 * and the form status follows, by the pure rules of lib/schemas/data-review.ts and
 * lib/forms/review-fields.ts; this module reads a patient's and a visit's rows for them.
 */

/**
 * After a change from `before` to `after` by `userId`: the verification with the changed values'
 * entries cleared, and the form status. A value counts as changed when its
 * value or its missing-data code changed, or for the record's own columns their value.
 */
export function reviewAfterChange(
  config: StudyConfig,
  entity: ReviewEntity,
  before: ReviewedRecord,
  after: Omit<ReviewedRecord, "verification" | "completedAt" | "locked">,
  userId: number,
  at: Date,
): { verification: Verification; formStatus: FormStatus } {
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
  return { verification, formStatus };
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
