import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import type { Db, Queryable, Tx } from "@/db/client";
import { fieldsForEntity, missingCodeList } from "@/lib/forms";
import { patientPlausibility } from "@/lib/forms/plausibility";
import { readConfirmedWarnings, type ConfirmedWarning } from "@/lib/schemas/plausibility";
import {
  PATIENT_MESSAGES,
  type PatientCreateBody,
  type PatientGroupMoveBody,
  type PatientListQuery,
  type PatientListResponse,
  type PatientResponse,
  type PatientUpdateBody,
} from "@/lib/schemas/patients";
import { conflict } from "../api/errors";
import { JsonText } from "../api/json-text";
import { readKeysetCursor, writeKeysetCursor } from "../api/keyset-cursor";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import type { Permission } from "../auth/policy";
import { auditedTransaction, type AuditRecorder } from "../audit/audit-writer";
import { assertVersion } from "../concurrency/versioned-update";
import { changedValues } from "../audit/changed-values";
import { openClinicalRecord, openClinicalStudy, type ClinicalStudy } from "./clinical-study";
import { checkFieldValues } from "./field-values";
import { groupForNewPatient, moveTarget } from "./patient-groups";
import { clinicalToday } from "./clinical-today";
import { enforcePlausibility, withConfirmedWarnings } from "./plausibility-check";
import { listVisitsOfPatient } from "./visit-queries";
import { reviewAfterChange, reviewedPatient, reviewResponse } from "./review-state";
import { invalidateAfterChange } from "../signatures/signature-invalidation";
import { changedPatientFields } from "../signatures/signed-data";
import { correctionLink, withCorrectionLink } from "../queries/query-links";
import { assertPatientRemovable } from "./protected-data";
import { assertPatientNotFrozen, freezeApplies } from "./patient-freeze-guard";
import {
  codeExists,
  findPatientInScope,
  insertPatient,
  listPatientPage,
  updatePatientRow,
  type PatientInsert,
  type PatientRow,
} from "./patient-queries";

export function toPatientResponse(row: PatientRow): PatientResponse {
  return {
    id: row.id,
    study_id: row.studyId,
    code: row.code,
    birth_date: row.birthDate,
    sex: row.sex,
    height_cm: row.heightCm,
    weight_kg: row.weightKg,
    naive_systemic: row.naiveSystemic,
    naive_biologic: row.naiveBiologic,
    custom_fields: row.customFields,
    missing: row.missing,
    medical_group_id: row.medicalGroupId,
    confirmed_warnings: readConfirmedWarnings(row.confirmedWarnings),
    created_by: row.createdBy,
    next_visit_type: row.nextVisitType,
    next_visit_due: row.nextVisitDue,
    next_visit_window_end: row.nextVisitWindowEnd,
    enrolled_on: row.enrolledOn,
    ...reviewResponse(row),
    locked_at: row.lockedAt?.toISOString() ?? null,
    locked_by: row.lockedBy,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What an audit row keeps of a patient: its data, not its timestamps nor the dates maintained from
 * its visits (the next planned visit, the enrolment: the visits' own rows are audited).
 */
export function auditablePatient(row: PatientRow): Record<string, unknown> {
  const {
    created_at: _c,
    updated_at: _u,
    next_visit_type: _t,
    next_visit_due: _d,
    next_visit_window_end: _e,
    enrolled_on: _o,
    // The freeze is audited as its own lock and unlock rows (decision 0034).
    locked_at: _la,
    locked_by: _lb,
    ...rest
  } = toPatientResponse(row);
  return rest;
}

const actorOf = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

/**
 * Columns that a study may also define as patient fields (the demo study's naive_systemic and
 * naive_biologic drive its form's conditions): one value for both, the column's when sent. Three
 * states (docs/decisions/0023): `null` sent is "unanswered" and clears the field's value too.
 */
const MIRRORED_COLUMNS = ["naive_systemic", "naive_biologic"] as const;
type MirroredColumn = (typeof MIRRORED_COLUMNS)[number];

function patientFieldNames(study: ClinicalStudy): Set<string> {
  return new Set(study.config.data_fields.filter((f) => f.entity === "patient").map((f) => f.name));
}

function withMirroredColumns(
  study: ClinicalStudy,
  body: Partial<Record<MirroredColumn, boolean | null>>,
  customFields: Record<string, unknown>,
): Record<string, unknown> {
  const names = patientFieldNames(study);
  const values = { ...customFields };
  for (const column of MIRRORED_COLUMNS) {
    if (names.has(column) && body[column] !== undefined) values[column] = body[column];
  }
  return values;
}

/**
 * The column's value: the study's field when it defines one (its answer, or null when unanswered
 * or answered with a missing-data code), else the one sent, else the stored one (null on create).
 */
function mirroredColumn(
  study: ClinicalStudy,
  customFields: Record<string, unknown>,
  column: MirroredColumn,
  sent: boolean | null | undefined,
  stored: boolean | null,
): boolean | null {
  if (patientFieldNames(study).has(column)) {
    const value = customFields[column];
    return typeof value === "boolean" ? value : null;
  }
  return sent === undefined ? stored : sent;
}

/** The study's codes for the field check (decision 0023). */
function codedValues(study: ClinicalStudy, missing: unknown, storedMissing: Record<string, string>) {
  return {
    missing,
    storedMissing,
    codes: missingCodeList(study.config),
    missingLoc: ["body", "missing"],
  };
}

export async function listPatients(
  db: Db,
  actor: Actor,
  query: PatientListQuery,
): Promise<JsonText<PatientListResponse>> {
  const study = await openClinicalStudy(db, actor, query.study_id, "clinical.read");
  const filter = {
    studyId: study.id,
    scope: study.access.patientScope,
    search: query.search || undefined,
    formStatus: query.form_status,
  };
  const order = query.order ?? (query.sort === "enrolled" ? "desc" : "asc");
  // The date sorts' keys are a calendar date or "" (no date: decision 0025, 0028).
  const after =
    query.cursor === undefined
      ? undefined
      : readKeysetCursor(
          query.cursor,
          { sort: query.sort, order },
          (key) => query.sort === "code" || key === "" || isCalendarDate(key),
        );
  const page = await listPatientPage(db, {
    ...filter,
    sort: query.sort,
    order,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    after,
  });
  const nextCursor = page.last ? writeKeysetCursor({ sort: query.sort, order }, page.last) : null;
  // The items are PostgreSQL's JSON text, spliced in unparsed (listPatientPage).
  return new JsonText(
    `{"items":${page.itemsJson},"total":${JSON.stringify(page.total)},"next_cursor":${JSON.stringify(nextCursor)}}`,
  );
}

/** A patient in the actor's scope with the study it belongs to (see openClinicalRecord). */
export async function openPatient(
  tx: Queryable,
  actor: Actor,
  id: number,
  permission: Permission,
  forUpdate = false,
): Promise<{ study: ClinicalStudy; patient: PatientRow }> {
  const { study, record } = await openClinicalRecord(
    tx,
    actor,
    { patient: id },
    permission,
    messageRef("api.patients.notFound"),
    (s) => findPatientInScope(tx, { id, studyId: s.id, scope: s.access.patientScope, forUpdate }),
  );
  // A frozen patient's record is read-only (docs/decisions/0034-patient-and-study-lock.md); a
  // writer holds the row (forUpdate), so the freeze read is the one it writes under.
  if (freezeApplies(permission)) assertPatientNotFrozen(record);
  return { study, patient: record };
}

export async function getPatient(db: Db, actor: Actor, id: number): Promise<PatientResponse> {
  const { patient } = await openPatient(db, actor, id, "clinical.read");
  return toPatientResponse(patient);
}

export async function createPatient(
  db: Db,
  actor: Actor,
  body: PatientCreateBody,
  meta: RequestMeta,
): Promise<PatientResponse> {
  return auditedTransaction(db, (tx, audit) => createPatientIn(tx, audit, actor, body, meta));
}

/**
 * A new patient inside the caller's transaction: the form save's rules, shared with the bulk
 * import, which writes many records per transaction (docs/decisions/0037-bulk-import.md).
 */
export async function createPatientIn(
  tx: Tx,
  audit: AuditRecorder,
  actor: Actor,
  body: PatientCreateBody,
  meta: RequestMeta,
): Promise<PatientResponse> {
  const study = await openClinicalStudy(tx, actor, body.study_id, "clinical.write");
  const values = newPatientValues(study, actor, body);
  if (await codeExists(tx, study.id, body.code)) throw conflict(PATIENT_MESSAGES.codeTaken(body.code));
  const medicalGroupId = await groupForNewPatient(tx, study, body.medical_group_id);
  const row = await insertPatient(tx, { ...values, medicalGroupId });
  audit({
    action: "create",
    entityType: "patient",
    entityId: row.id,
    studyId: study.id,
    actor: actorOf(actor),
    meta,
    newValues: auditablePatient(row),
  });
  return toPatientResponse(row);
}

/**
 * A new patient's row as the form save checks and derives it, without its medical group (pure):
 * the study's field checks, missing-data codes and plausibility. Shared by createPatientIn and the
 * bulk import's batched write of new patients (docs/decisions/0037-bulk-import.md).
 */
export function newPatientValues(
  study: ClinicalStudy,
  actor: Actor,
  body: PatientCreateBody,
): Omit<PatientInsert, "medicalGroupId"> {
  const fields = fieldsForEntity(study.config.data_fields, "patient");
  const { values: customFields, missing } = checkFieldValues(
    fields,
    withMirroredColumns(study, body, body.custom_fields),
    {},
    ["body", "custom_fields"],
    codedValues(study, body.missing, {}),
  );
  const confirmedWarnings = enforcePlausibility(
    patientPlausibility({
      today: clinicalToday(),
      birthDate: body.birth_date,
      fields,
      customFields,
      locPrefix: ["body"],
    }),
    body.confirmed_warnings,
  );
  return {
    studyId: study.id,
    code: body.code,
    birthDate: body.birth_date,
    sex: body.sex,
    heightCm: body.height_cm ?? null,
    weightKg: body.weight_kg ?? null,
    naiveSystemic: mirroredColumn(study, customFields, "naive_systemic", body.naive_systemic, null),
    naiveBiologic: mirroredColumn(study, customFields, "naive_biologic", body.naive_biologic, null),
    customFields,
    confirmedWarnings,
    missing,
    // The creator is what scopes a medico's patients (a sub-investigator's, their group).
    createdBy: actor.userId,
  };
}

export async function updatePatient(
  db: Db,
  actor: Actor,
  id: number,
  body: PatientUpdateBody,
  meta: RequestMeta,
): Promise<PatientResponse> {
  return auditedTransaction(db, (tx, audit) => updatePatientIn(tx, audit, actor, id, body, meta));
}

/** A change of a patient inside the caller's transaction (the bulk import's too, decision 0037). */
export async function updatePatientIn(
  tx: Tx,
  audit: AuditRecorder,
  actor: Actor,
  id: number,
  body: PatientUpdateBody,
  meta: RequestMeta,
): Promise<PatientResponse> {
  const { study, patient } = await openPatient(tx, actor, id, "clinical.write", true);
  assertVersion("patient", patient, body.version);
  const code = body.code ?? patient.code;
  if (code !== patient.code && (await codeExists(tx, study.id, code, patient.id)))
    throw conflict(PATIENT_MESSAGES.codeTaken(code));
  const fields = fieldsForEntity(study.config.data_fields, "patient");
  const { values: customFields, missing } = checkFieldValues(
    fields,
    withMirroredColumns(study, body, body.custom_fields ?? {}),
    patient.customFields,
    ["body", "custom_fields"],
    codedValues(study, body.missing ?? {}, patient.missing),
  );
  const birthDate = body.birth_date ?? patient.birthDate;
  // A new birth date may not come after a recorded visit: only then are the visits read.
  const visitDates =
    birthDate === patient.birthDate
      ? []
      : (
          await listVisitsOfPatient(tx, {
            patientId: patient.id,
            studyId: study.id,
            scope: { kind: "all" },
          })
        ).map((visit) => visit.visitDate);
  const confirmedWarnings = enforcePlausibility(
    patientPlausibility({
      today: clinicalToday(),
      birthDate,
      fields,
      customFields,
      visitDates,
      locPrefix: ["body"],
    }),
    body.confirmed_warnings,
    patient.confirmedWarnings,
  );
  const columns = {
    birthDate,
    sex: body.sex ?? patient.sex,
    heightCm: body.height_cm === undefined ? patient.heightCm : body.height_cm,
    weightKg: body.weight_kg === undefined ? patient.weightKg : body.weight_kg,
    naiveSystemic: mirroredColumn(
      study,
      customFields,
      "naive_systemic",
      body.naive_systemic,
      patient.naiveSystemic,
    ),
    naiveBiologic: mirroredColumn(
      study,
      customFields,
      "naive_biologic",
      body.naive_biologic,
      patient.naiveBiologic,
    ),
  };
  // A changed value loses its verification in this very statement (decision 0031).
  const review = reviewAfterChange(
    study.config,
    "patient",
    reviewedPatient(patient),
    { values: customFields, missing, columns: reviewedPatient({ ...patient, ...columns }).columns },
    actor.userId,
    new Date(),
  );
  const updated = await updatePatientRow(tx, patient, {
    code,
    ...columns,
    customFields,
    confirmedWarnings,
    missing,
    verification: review.verification,
    formStatus: review.formStatus,
  });
  const link = await correctionLink(
    tx,
    { studyId: study.id, entityType: "patient", entityId: patient.id },
    body.query_id,
  );
  auditUpdate(audit, { study, actor, meta, reason: body.reason }, patient, updated, confirmedWarnings, link);
  const signedChanges = changedPatientFields(patient, updated);
  if (signedChanges.length > 0)
    await invalidateAfterChange(tx, audit, {
      studyId: study.id,
      patientId: patient.id,
      signaturesValid: patient.signaturesValid,
      visitIds: [],
      cause: { entity_type: "patient", entity_id: patient.id, fields: signedChanges, visit_number: null },
      actor: actorOf(actor),
      meta,
    });
  return toPatientResponse(updated);
}

/**
 * The audit row of a reasoned change of a patient: the changed values, old and new, and the soft
 * plausibility warnings confirmed with it (decision 0024) even when they equal the stored ones.
 */
function auditUpdate(
  audit: AuditRecorder,
  change: { study: ClinicalStudy; actor: Actor; meta: RequestMeta; reason: string },
  before: PatientRow,
  after: PatientRow,
  confirmedWarnings: ConfirmedWarning[] = [],
  link: Record<string, number> = {},
): void {
  const old = auditablePatient(before);
  audit({
    action: "update",
    entityType: "patient",
    entityId: before.id,
    studyId: change.study.id,
    actor: actorOf(change.actor),
    meta: change.meta,
    reason: change.reason,
    ...withCorrectionLink(
      withConfirmedWarnings(
        changedValues(old, auditablePatient(after)),
        old.confirmed_warnings,
        confirmedWarnings,
      ),
      link,
    ),
  });
}

/**
 * Moves a patient to another medical group of its study (docs/decisions/0028): it changes who sees
 * the patient, so only a principal investigator or an administrator may (clinical.reassign), with a
 * reason, on the version they saw; audited as an update of medical_group_id.
 */
export async function movePatientToGroup(
  db: Db,
  actor: Actor,
  id: number,
  body: PatientGroupMoveBody,
  meta: RequestMeta,
): Promise<PatientResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const { study, patient } = await openPatient(tx, actor, id, "clinical.reassign", true);
    assertVersion("patient", patient, body.version);
    const medicalGroupId = await moveTarget(tx, study.id, patient.medicalGroupId, body.medical_group_id);
    const updated = await updatePatientRow(tx, patient, { medicalGroupId });
    auditUpdate(audit, { study, actor, meta, reason: body.reason }, patient, updated);
    return toPatientResponse(updated);
  });
}

/** Soft delete: the row stays, marked deleted, and the audit row keeps what it was and why. */
export async function deletePatient(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  meta: RequestMeta,
): Promise<void> {
  await auditedTransaction(db, async (tx, audit) => {
    const { study, patient } = await openPatient(tx, actor, id, "clinical.write", true);
    // Deleting the patient would hide its locked visits too: refused like any change of them.
    await assertPatientRemovable(tx, patient.id);
    await updatePatientRow(tx, patient, { deletedAt: new Date() });
    audit({
      action: "delete",
      entityType: "patient",
      entityId: id,
      studyId: study.id,
      actor: actorOf(actor),
      meta,
      reason,
      oldValues: auditablePatient(patient),
    });
    // The casebook is gone from the record: its signatures no longer stand (decision 0032).
    await invalidateAfterChange(tx, audit, {
      studyId: study.id,
      patientId: patient.id,
      signaturesValid: patient.signaturesValid,
      visitIds: [],
      cause: { entity_type: "patient", entity_id: patient.id, fields: ["deleted_at"], visit_number: null },
      actor: actorOf(actor),
      meta,
    });
  });
}
