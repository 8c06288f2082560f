import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import type { Db, Queryable, Tx } from "@/db/client";
import { fieldsForEntity, THERAPY_SWITCH_KEY } from "@/lib/forms";
import { visitPlausibility } from "@/lib/forms/plausibility";
import { readConfirmedWarnings } from "@/lib/schemas/plausibility";
import {
  VISIT_MESSAGES,
  type VisitCreateBody,
  type VisitListQuery,
  type VisitResponse,
  type VisitUpdateBody,
} from "@/lib/schemas/visits";
import { ApiError, conflict, fieldError, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import type { Permission } from "../auth/policy";
import { auditedTransaction, type AuditRecorder } from "../audit/audit-writer";
import { assertVersion } from "../concurrency/versioned-update";
import { ensureActiveVersion } from "../studies/protocol-versions/in-force";
import { changedValues } from "../audit/changed-values";
import { openClinicalRecord, openClinicalStudy, type ClinicalStudy } from "./clinical-study";
import { openPatient } from "./patient-service";
import { clinicalToday } from "./clinical-today";
import { findPatientInScope } from "./patient-queries";
import { enforcePlausibility, withConfirmedWarnings } from "./plausibility-check";
import { assertVisitChangeable } from "./protected-data";
import { assertPatientNotFrozen, freezeApplies } from "./patient-freeze-guard";
import { locateLine } from "./therapy-line-queries";
import { reportSettings } from "../reports/report-settings";
import { refreshPatientSummary } from "./patient-summary";
import { correctionLink, withCorrectionLink } from "../queries/query-links";
import { reviewAfterChange, reviewedVisit, reviewResponse } from "./review-state";
import { invalidateAfterChange } from "../signatures/signature-invalidation";
import { changedVisitFields } from "../signatures/signed-data";
import { lineForNewVisit } from "./therapy-lines";
import { checkVisitData, recomputeDependants } from "./visit-data";
import { baselineVisit, baselineVisitType, calculateVisit } from "./visit-calculations";
import {
  findVisitInScope,
  insertVisit,
  listVisitsOfLine,
  listVisitsOfPatient,
  listVisitsOfPatientInScope,
  lockPatientOfVisit,
  freezeOfVisitPatient,
  type FreezeState,
  updateVisitRow,
  visitNumberTaken,
  type VisitRow,
} from "./visit-queries";

/** Puts a message (possibly a reference) into the reader's words (lib/server/i18n/translator.ts). */
export type Words = (text: string) => string;

/** The visit as the API answers it; the calculations' notes in the reader's words. */
export function toVisitResponse(row: VisitRow, words: Words): VisitResponse {
  return {
    id: row.id,
    study_id: row.studyId,
    patient_id: row.patientId,
    therapy_line_id: row.therapyLineId,
    visit_number: row.visitNumber,
    visit_date: row.visitDate,
    visit_type: row.visitType,
    data_fields: row.dataFields,
    missing: row.missing,
    calculated_values: row.calculatedValues,
    calculation_notes: Object.fromEntries(
      Object.entries(row.calculationNotes).map(([name, note]) => [name, words(note)]),
    ),
    confirmed_warnings: readConfirmedWarnings(row.confirmedWarnings),
    ...reviewResponse(row),
    config_version: row.configVersion,
    protocol_version_id: row.protocolVersionId,
    is_locked: row.isLocked,
    locked_at: row.lockedAt?.toISOString() ?? null,
    locked_by: row.lockedBy,
    created_by: row.createdBy,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The visit as its audit rows record it: the notes are derived words, not data. */
export function auditableVisit(row: VisitRow): Record<string, unknown> {
  const { created_at: _c, updated_at: _u, calculation_notes: _n, ...rest } = toVisitResponse(row, String);
  return rest;
}

const actorOf = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

/** A visit in the actor's scope with its study (see openClinicalRecord). */
export async function openVisit(
  tx: Queryable,
  actor: Actor,
  id: number,
  permission: Permission,
  forUpdate = false,
): Promise<{ study: ClinicalStudy; visit: VisitRow }> {
  let frozen: FreezeState | null = null;
  const { study, record } = await openClinicalRecord(
    tx,
    actor,
    { visit: id },
    permission,
    VISIT_MESSAGES.notFound,
    async (s) => {
      // Writers of one patient queue on the patient row (lockPatientOfVisit), so the freeze read
      // there is the one the write goes ahead under.
      frozen = forUpdate ? await lockPatientOfVisit(tx, id) : null;
      return findVisitInScope(tx, { id, studyId: s.id, scope: s.access.patientScope, forUpdate });
    },
  );
  // A frozen patient's visits are read-only (docs/decisions/0034-patient-and-study-lock.md).
  if (freezeApplies(permission)) {
    const state = frozen ?? (await freezeOfVisitPatient(tx, id, false));
    if (state) assertPatientNotFrozen(state);
  }
  return { study, visit: record };
}

function assertVisitType(study: ClinicalStudy, type: string): void {
  if (!study.config.visit_types.some((t) => t.code === type))
    throw fieldError(["body", "visit_type"], VISIT_MESSAGES.unknownType(type));
}

export async function listVisits(
  db: Db,
  actor: Actor,
  query: VisitListQuery,
  words: Words,
): Promise<VisitResponse[]> {
  if (query.patient_id !== undefined) return visitsOfPatient(db, actor, query.patient_id, words);
  const lineId = query.therapy_line_id!;
  const line = await locateLine(db, lineId);
  if (!line) throw notFound(messageRef("api.visits.lineNotFound"));
  // The line is seen through its patient: out of scope is the same 404.
  try {
    await openPatient(db, actor, line.patientId, "clinical.read");
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found")
      throw notFound(messageRef("api.visits.lineNotFound"), {
        studyId: line.studyId,
        entityType: "therapy_line",
        entityId: lineId,
      });
    throw error;
  }
  const study = await openClinicalStudy(db, actor, line.studyId, "clinical.read");
  const rows = await listVisitsOfLine(db, {
    lineId,
    studyId: line.studyId,
    scope: study.access.patientScope,
  });
  return rows.map((row) => toVisitResponse(row, words));
}

/**
 * A patient's visits: the patient's own check (openPatient's 404 and its audit) and the visits
 * come in one statement (listVisitsOfPatientInScope), after the study context.
 */
export async function visitsOfPatient(
  db: Db,
  actor: Actor,
  patientId: number,
  words: Words,
): Promise<VisitResponse[]> {
  const { record: rows } = await openClinicalRecord(
    db,
    actor,
    { patient: patientId },
    "clinical.read",
    messageRef("api.patients.notFound"),
    (study) =>
      listVisitsOfPatientInScope(db, { patientId, studyId: study.id, scope: study.access.patientScope }),
  );
  return rows.map((row) => toVisitResponse(row, words));
}

export async function getVisit(db: Db, actor: Actor, id: number, words: Words): Promise<VisitResponse> {
  return toVisitResponse((await openVisit(db, actor, id, "clinical.read")).visit, words);
}

export async function createVisit(
  db: Db,
  actor: Actor,
  body: VisitCreateBody,
  meta: RequestMeta,
  words: Words,
): Promise<VisitResponse> {
  return auditedTransaction(db, (tx, audit) => createVisitIn(tx, audit, actor, body, meta, words));
}

/**
 * A new visit inside the caller's transaction: the form save's rules, shared with the bulk import
 * (docs/decisions/0037-bulk-import.md).
 */
export async function createVisitIn(
  tx: Tx,
  audit: AuditRecorder,
  actor: Actor,
  body: VisitCreateBody,
  meta: RequestMeta,
  words: Words,
): Promise<VisitResponse> {
  // The patient row is locked: numbers and lines cannot race between their check and the insert.
  const { study, patient } = await openPatient(tx, actor, body.patient_id, "clinical.write", true);
  // The patient's live visits, read once: the number check, the baseline and the figures use them.
  const earlier = await listVisitsOfPatient(tx, {
    patientId: patient.id,
    studyId: study.id,
    scope: { kind: "all" },
  });
  const { dataFields, missing, therapySwitch, confirmedWarnings } = checkNewVisit(
    study,
    patient.birthDate,
    earlier,
    body,
  );
  const base = { actor: actorOf(actor), meta };
  const { lineId, lines } = await lineForNewVisit(tx, {
    studyId: study.id,
    patientId: patient.id,
    visitDate: body.visit_date,
    requestedLineId: body.therapy_line_id,
    therapySwitch,
    hasEarlierVisit: earlier.length > 0,
    audit,
    auditBase: { studyId: study.id, ...base },
  });
  const self = { visitType: body.visit_type, visitNumber: body.visit_number, dataFields, missing };
  const calculated = calculateVisit(study.config, self, baselineVisit(study.config, [...earlier, self]));
  // The version in force when the visit is entered: its fields are the ones this visit was captured with.
  const inForce = await ensureActiveVersion(tx, study.id, { audit, ...base }, study.activeVersion);
  const row = await insertVisit(tx, {
    studyId: study.id,
    patientId: patient.id,
    protocolVersionId: inForce.id,
    therapyLineId: lineId,
    visitNumber: body.visit_number,
    visitDate: body.visit_date,
    visitType: body.visit_type,
    dataFields,
    missing,
    calculatedValues: calculated.values,
    calculationNotes: calculated.notes,
    confirmedWarnings,
    configVersion: study.version,
    createdBy: actor.userId,
  });
  audit({
    action: "create",
    entityType: "visit",
    entityId: row.id,
    studyId: study.id,
    ...base,
    newValues: auditableVisit(row),
  });
  const recalculated: number[] = [];
  const recomputed =
    row.visitType === baselineVisitType(study.config)
      ? await recomputeDependants(tx, study, patient.id, row, audit, base, recalculated)
      : null;
  // A new visit changes the casebook (decision 0032).
  await invalidateAfterChange(tx, audit, {
    studyId: study.id,
    patientId: patient.id,
    signaturesValid: patient.signaturesValid,
    visitIds: recalculated,
    cause: { entity_type: "visit", entity_id: row.id, fields: [], visit_number: row.visitNumber },
    ...base,
  });
  await refreshPatientSummary(
    tx,
    reportSettings(study.config),
    patient.id,
    { liveVisits: recomputed ?? [...earlier, row], lines },
    patient,
  );
  return toVisitResponse(row, words);
}

/**
 * A new visit's data as the form save checks it (pure): its type, the study's field checks and
 * missing-data codes, the therapy switch, a number not yet taken among the patient's live visits
 * (`earlier`) and plausibility. Shared by createVisitIn and the bulk import's batched write of new
 * patients (docs/decisions/0037-bulk-import.md).
 */
export function checkNewVisit(
  study: ClinicalStudy,
  birthDate: string,
  earlier: readonly { visitNumber: number; visitDate: string }[],
  body: Omit<VisitCreateBody, "patient_id">,
) {
  assertVisitType(study, body.visit_type);
  const { dataFields, missing, therapySwitch } = checkVisitData(
    study,
    body.data_fields,
    {},
    {
      missing: body.missing,
      storedMissing: {},
    },
  );
  if (earlier.some((visit) => visit.visitNumber === body.visit_number))
    throw conflict(VISIT_MESSAGES.numberTaken(body.visit_number));
  const confirmedWarnings = enforcePlausibility(
    visitPlausibility({
      today: clinicalToday(),
      birthDate,
      visitDate: body.visit_date,
      visitNumber: body.visit_number,
      otherVisits: earlier,
      fields: fieldsForEntity(study.config.data_fields, "visit"),
      dataFields,
      locPrefix: ["body"],
    }),
    body.confirmed_warnings,
  );
  return { dataFields, missing, therapySwitch, confirmedWarnings };
}

export async function updateVisit(
  db: Db,
  actor: Actor,
  id: number,
  body: VisitUpdateBody,
  meta: RequestMeta,
  words: Words,
): Promise<VisitResponse> {
  return auditedTransaction(db, (tx, audit) => updateVisitIn(tx, audit, actor, id, body, meta, words));
}

/** A change of a visit inside the caller's transaction (the bulk import's too, decision 0037). */
export async function updateVisitIn(
  tx: Tx,
  audit: AuditRecorder,
  actor: Actor,
  id: number,
  body: VisitUpdateBody,
  meta: RequestMeta,
  words: Words,
): Promise<VisitResponse> {
  const { study, visit } = await openVisit(tx, actor, id, "clinical.write", true);
  assertVisitChangeable(visit);
  assertVersion("visit", visit, body.version);
  const submitted = body.data_fields ?? {};
  if (
    Object.hasOwn(submitted, THERAPY_SWITCH_KEY) &&
    JSON.stringify(submitted[THERAPY_SWITCH_KEY]) !== JSON.stringify(visit.dataFields[THERAPY_SWITCH_KEY])
  )
    throw fieldError(["body", "data_fields", THERAPY_SWITCH_KEY], VISIT_MESSAGES.switchImmutable);
  const { [THERAPY_SWITCH_KEY]: _unchanged, ...fieldChanges } = submitted;
  const visitType = body.visit_type ?? visit.visitType;
  if (body.visit_type !== undefined) assertVisitType(study, visitType);
  const visitNumber = body.visit_number ?? visit.visitNumber;
  if (
    visitNumber !== visit.visitNumber &&
    (await visitNumberTaken(tx, visit.patientId, visitNumber, visit.id))
  )
    throw conflict(VISIT_MESSAGES.numberTaken(visitNumber));
  const { dataFields, missing } = checkVisitData(study, fieldChanges, visit.dataFields, {
    missing: body.missing ?? {},
    storedMissing: visit.missing,
  });
  const others = (
    await listVisitsOfPatient(tx, { patientId: visit.patientId, studyId: study.id, scope: { kind: "all" } })
  ).filter((v) => v.id !== visit.id);
  const visitDate = body.visit_date ?? visit.visitDate;
  // The patient row is already locked by openVisit; only its birth date is read here.
  const patient = await findPatientInScope(tx, {
    id: visit.patientId,
    studyId: study.id,
    scope: { kind: "all" },
  });
  const confirmedWarnings = enforcePlausibility(
    visitPlausibility({
      today: clinicalToday(),
      birthDate: patient?.birthDate ?? "",
      visitDate,
      visitNumber,
      otherVisits: others,
      fields: fieldsForEntity(study.config.data_fields, "visit"),
      dataFields,
      locPrefix: ["body"],
    }),
    body.confirmed_warnings,
    visit.confirmedWarnings,
  );
  const self = { visitType, visitNumber, dataFields, missing };
  const calculated = calculateVisit(study.config, self, baselineVisit(study.config, [...others, self]));
  // A changed value loses its verification in this very statement (decision 0031).
  const review = reviewAfterChange(
    study.config,
    "visit",
    reviewedVisit(visit),
    { values: dataFields, missing, columns: { visit_date: visitDate, visit_type: visitType } },
    actor.userId,
    new Date(),
  );
  const updated = await updateVisitRow(tx, visit, {
    visitNumber,
    visitType,
    visitDate,
    dataFields,
    confirmedWarnings,
    missing,
    calculatedValues: calculated.values,
    calculationNotes: calculated.notes,
    configVersion: study.version,
    verification: review.verification,
    formStatus: review.formStatus,
  });
  const base = { actor: actorOf(actor), meta };
  const link = await correctionLink(
    tx,
    { studyId: study.id, entityType: "visit", entityId: visit.id },
    body.query_id,
  );
  audit({
    action: "update",
    entityType: "visit",
    entityId: id,
    studyId: study.id,
    ...base,
    reason: body.reason,
    ...withCorrectionLink(
      withConfirmedWarnings(
        changedValues(auditableVisit(visit), auditableVisit(updated)),
        auditableVisit(visit).confirmed_warnings,
        confirmedWarnings,
      ),
      link,
    ),
  });
  const baselineType = baselineVisitType(study.config);
  const recalculated: number[] = [];
  if (visit.visitType === baselineType || visitType === baselineType)
    await recomputeDependants(tx, study, visit.patientId, updated, audit, base, recalculated);
  const fields = changedVisitFields(visit, updated);
  if (fields.length > 0 || recalculated.length > 0)
    await invalidateAfterChange(tx, audit, {
      studyId: study.id,
      patientId: visit.patientId,
      signaturesValid: patient?.signaturesValid ?? null,
      visitIds: [visit.id, ...recalculated],
      cause: { entity_type: "visit", entity_id: visit.id, fields, visit_number: updated.visitNumber },
      ...base,
    });
  await refreshPatientSummary(tx, reportSettings(study.config), visit.patientId);
  return toVisitResponse(updated, words);
}

/** Soft delete with a reason. A visit that switched therapy lines is corrected, not deleted. */
export async function deleteVisit(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  meta: RequestMeta,
): Promise<void> {
  await auditedTransaction(db, async (tx, audit) => {
    const { study, visit } = await openVisit(tx, actor, id, "clinical.write", true);
    assertVisitChangeable(visit);
    const switchAnswer = visit.dataFields[THERAPY_SWITCH_KEY] as
      { is_continuing_therapy?: unknown } | undefined;
    if (switchAnswer?.is_continuing_therapy === false)
      throw conflict(VISIT_MESSAGES.switchVisitDelete(visit.visitNumber));
    const deleted = await updateVisitRow(tx, visit, { deletedAt: new Date() });
    const base = { actor: actorOf(actor), meta };
    audit({
      action: "delete",
      entityType: "visit",
      entityId: id,
      studyId: study.id,
      ...base,
      reason,
      oldValues: auditableVisit(visit),
    });
    const recalculated: number[] = [];
    if (visit.visitType === baselineVisitType(study.config))
      await recomputeDependants(tx, study, visit.patientId, deleted, audit, base, recalculated);
    // Deleting is rare: the patient's count is not read, the statement looks for itself.
    await invalidateAfterChange(tx, audit, {
      studyId: study.id,
      patientId: visit.patientId,
      signaturesValid: null,
      visitIds: [visit.id, ...recalculated],
      cause: {
        entity_type: "visit",
        entity_id: visit.id,
        fields: ["deleted_at"],
        visit_number: visit.visitNumber,
      },
      ...base,
    });
    await refreshPatientSummary(tx, reportSettings(study.config), visit.patientId);
  });
}
