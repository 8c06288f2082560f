import "server-only";
import type { Db, Tx } from "@/db/client";
import { fieldsForEntity, missingCodeList, validateSubmission } from "@/lib/forms";
import {
  REVIEW_MESSAGES,
  type FormStatus,
  type ReviewEntity,
  type Verification,
} from "@/lib/schemas/data-review";
import type { PatientResponse } from "@/lib/schemas/patients";
import type { UnverifyBody, VerifyBody } from "@/lib/schemas/review-requests";
import type { VisitResponse } from "@/lib/schemas/visits";
import { conflict, fieldError, forbidden, validationError } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import type { Permission } from "../auth/policy";
import { auditedTransaction } from "../audit/audit-writer";
import { reportSettings } from "../reports/report-settings";
import type { ClinicalStudy } from "./clinical-study";
import { updatePatientRow, type PatientRow } from "./patient-queries";
import { openPatient, toPatientResponse } from "./patient-service";
import { refreshPatientSummary } from "./patient-summary";
import { assertVisitChangeable } from "./protected-data";
import {
  answeredFields,
  formStatusFor,
  verifiableFields,
  type ReviewedRecord,
} from "@/lib/forms/review-fields";
import { reviewedPatient, reviewedVisit } from "./review-state";
import { updateVisitRow, type VisitRow } from "./visit-queries";
import { openVisit, toVisitResponse, type Words } from "./visit-service";

/**
 * Source data verification and form status (decision 0031): a monitor verifies values of a patient
 * or a visit against the source (one by one or all), un-verifies them with a reason; the site marks
 * a record complete (or takes the mark back, with a reason). Each is one audited update of the
 * record, in the patient's write queue (its row locked), and moves the form status by the pure rule
 * of lib/schemas/data-review.ts. A locked visit refuses all of them (423), as any other change.
 */

type ReviewValues = {
  verification?: Verification;
  formStatus: FormStatus;
  completedAt?: Date | null;
  completedBy?: number | null;
};

/** What the service needs of a patient or a visit. */
type Reviewable<Row extends { formStatus: FormStatus }, Response> = {
  entity: ReviewEntity;
  open(tx: Tx, actor: Actor, id: number, permission: Permission): Promise<{ study: ClinicalStudy; row: Row }>;
  reviewed(row: Row): ReviewedRecord;
  /** Values and codes of the study fields, for the completeness check. */
  answers(row: Row): { values: Record<string, unknown>; missing: Record<string, string> };
  write(tx: Tx, study: ClinicalStudy, row: Row, values: ReviewValues): Promise<Row>;
  respond(row: Row, words: Words): Response;
};

export const visitReview: Reviewable<VisitRow, VisitResponse> = {
  entity: "visit",
  async open(tx, actor, id, permission) {
    const { study, visit } = await openVisit(tx, actor, id, permission, true);
    assertVisitChangeable(visit);
    return { study, row: visit };
  },
  reviewed: reviewedVisit,
  answers: (visit) => ({ values: visit.dataFields, missing: visit.missing }),
  async write(tx, study, visit, values) {
    const row = await updateVisitRow(tx, visit, values);
    // The patient's visits by form status are dashboard figures.
    if (row.formStatus !== visit.formStatus)
      await refreshPatientSummary(tx, reportSettings(study.config), visit.patientId);
    return row;
  },
  respond: toVisitResponse,
};

export const patientReview: Reviewable<PatientRow, PatientResponse> = {
  entity: "patient",
  async open(tx, actor, id, permission) {
    const { study, patient } = await openPatient(tx, actor, id, permission, true);
    return { study, row: patient };
  },
  reviewed: reviewedPatient,
  answers: (patient) => ({ values: patient.customFields, missing: patient.missing }),
  write: (tx, _study, patient, values) => updatePatientRow(tx, patient, values),
  respond: (patient) => toPatientResponse(patient),
};

const actorOf = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

/** The named fields, each one the record can carry, or "all": its own columns and its answered fields. */
function selectedFields(
  study: ClinicalStudy,
  entity: ReviewEntity,
  record: ReviewedRecord,
  fields: VerifyBody["fields"],
): string[] {
  if (fields === "all") return answeredFields(study.config, entity, record);
  const known = new Set(verifiableFields(study.config, entity));
  const issues = fields.flatMap((field, index) =>
    known.has(field)
      ? []
      : [{ loc: ["body", "fields", index], msg: REVIEW_MESSAGES.unknownField(field), type: "value_error" }],
  );
  if (issues.length > 0) throw validationError(issues);
  return [...new Set(fields)];
}

function assertMonitor(study: ClinicalStudy, entity: ReviewEntity, id: number): void {
  if (!study.access.permissions.has("sdv.verify"))
    throw forbidden(REVIEW_MESSAGES.verifyRole, { studyId: study.id, entityType: entity, entityId: id });
}

/** The verification entries of `fields` only: what an audit row shows of a verification change. */
function entriesOf(verification: Verification, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, verification[field] ?? null]));
}

async function reviewWrite<Row extends { formStatus: FormStatus }, Response>(
  db: Db,
  actor: Actor,
  kind: Reviewable<Row, Response>,
  id: number,
  permission: Permission,
  change: (
    study: ClinicalStudy,
    row: Row,
    record: ReviewedRecord,
  ) => {
    values: Omit<ReviewValues, "formStatus">;
    fields?: readonly string[];
    reason?: string;
  } | null,
  meta: RequestMeta,
  words: Words,
): Promise<Response> {
  return auditedTransaction(db, async (tx, audit) => {
    const { study, row } = await kind.open(tx, actor, id, permission);
    const record = kind.reviewed(row);
    const planned = change(study, row, record);
    if (planned === null) return kind.respond(row, words);
    const after: ReviewedRecord = {
      ...record,
      verification: planned.values.verification ?? record.verification,
      completedAt: planned.values.completedAt === undefined ? record.completedAt : planned.values.completedAt,
    };
    const formStatus = formStatusFor(study.config, kind.entity, after);
    const written = await kind.write(tx, study, row, { ...planned.values, formStatus });
    const fields = planned.fields ?? [];
    const shown = (r: ReviewedRecord, status: FormStatus) => ({
      ...(fields.length > 0 ? { verification: entriesOf(r.verification, fields) } : {}),
      ...(planned.values.completedAt !== undefined
        ? { completed_at: r.completedAt === null ? null : new Date(r.completedAt).toISOString() }
        : {}),
      form_status: status,
    });
    audit({
      action: "update",
      entityType: kind.entity,
      entityId: id,
      studyId: study.id,
      actor: actorOf(actor),
      meta,
      reason: planned.reason,
      oldValues: shown(record, row.formStatus),
      newValues: shown(after, formStatus),
    });
    return kind.respond(written, words);
  });
}

function verifyChange(actor: Actor, entity: ReviewEntity, id: number, fields: VerifyBody["fields"]) {
  return (study: ClinicalStudy, _row: unknown, record: ReviewedRecord) => {
    assertMonitor(study, entity, id);
    const chosen = selectedFields(study, entity, record, fields).filter(
      (field) => record.verification[field]?.state !== "verified",
    );
    if (chosen.length === 0) return null;
    const at = new Date().toISOString();
    const verification: Verification = { ...record.verification };
    for (const field of chosen) verification[field] = { state: "verified", by: actor.userId, at };
    return { values: { verification }, fields: chosen };
  };
}

function unverifyChange(entity: ReviewEntity, id: number, body: UnverifyBody) {
  return (study: ClinicalStudy, _row: unknown, record: ReviewedRecord) => {
    assertMonitor(study, entity, id);
    const verified = (field: string) => record.verification[field]?.state === "verified";
    const chosen =
      body.fields === "all"
        ? Object.keys(record.verification).filter(verified)
        : selectedFields(study, entity, record, body.fields);
    const notVerified = chosen.findIndex((field) => !verified(field));
    if (notVerified >= 0)
      throw fieldError(["body", "fields", notVerified], REVIEW_MESSAGES.notVerified(chosen[notVerified]!));
    if (chosen.length === 0) return null;
    const verification: Verification = { ...record.verification };
    for (const field of chosen) delete verification[field];
    return { values: { verification }, fields: chosen, reason: body.reason };
  };
}

/**
 * The site's mark: nothing the study requires may be missing under its configuration as it is now
 * (the same validation as a save, on the stored answers: a field made required since the record
 * was saved is named). Soft warnings are confirmed at each save (decision 0024), so a stored record
 * has none open.
 */
function completeChange<Row extends { formStatus: FormStatus }, Response>(
  actor: Actor,
  kind: Reviewable<Row, Response>,
) {
  return (study: ClinicalStudy, row: Row, record: ReviewedRecord) => {
    if (record.completedAt !== null) throw conflict(REVIEW_MESSAGES.alreadyComplete);
    const { values, missing } = kind.answers(row);
    const result = validateSubmission(fieldsForEntity(study.config.data_fields, kind.entity), values, {
      missing,
      missingCodes: missingCodeList(study.config),
      locPrefix: [kind.entity === "visit" ? "data_fields" : "custom_fields"],
    });
    if (!result.ok) throw validationError(result.issues);
    return { values: { completedAt: new Date(), completedBy: actor.userId } };
  };
}

function reopenChange(reason: string) {
  return (_study: ClinicalStudy, _row: unknown, record: ReviewedRecord) => {
    if (record.completedAt === null) throw conflict(REVIEW_MESSAGES.notComplete);
    return { values: { completedAt: null, completedBy: null }, reason };
  };
}

type Row = { formStatus: FormStatus };

/** POST /api/{visits|patients}/{id}/verify (the monitor: sdv.verify). */
export function verifyRecord<R extends Row, Response>(
  db: Db,
  actor: Actor,
  kind: Reviewable<R, Response>,
  id: number,
  body: VerifyBody,
  meta: RequestMeta,
  words: Words,
): Promise<Response> {
  return reviewWrite(
    db,
    actor,
    kind,
    id,
    // Asked as a write (docs/decisions/0034-patient-and-study-lock.md): a locked study, a frozen
    // patient and a broken audit trail refuse a verification as they refuse any write.
    "sdv.verify",
    verifyChange(actor, kind.entity, id, body.fields),
    meta,
    words,
  );
}

/** DELETE /api/{visits|patients}/{id}/verify, with a reason. */
export function unverifyRecord<R extends Row, Response>(
  db: Db,
  actor: Actor,
  kind: Reviewable<R, Response>,
  id: number,
  body: UnverifyBody,
  meta: RequestMeta,
  words: Words,
): Promise<Response> {
  return reviewWrite(db, actor, kind, id, "sdv.verify", unverifyChange(kind.entity, id, body), meta, words);
}

/** POST /api/{visits|patients}/{id}/complete: the site (clinical.write in scope). */
export function completeRecord<R extends Row, Response>(
  db: Db,
  actor: Actor,
  kind: Reviewable<R, Response>,
  id: number,
  meta: RequestMeta,
  words: Words,
): Promise<Response> {
  return reviewWrite(db, actor, kind, id, "clinical.write", completeChange(actor, kind), meta, words);
}

/** DELETE /api/{visits|patients}/{id}/complete, with a reason: back to in progress. */
export function reopenRecord<R extends Row, Response>(
  db: Db,
  actor: Actor,
  kind: Reviewable<R, Response>,
  id: number,
  reason: string,
  meta: RequestMeta,
  words: Words,
): Promise<Response> {
  return reviewWrite(db, actor, kind, id, "clinical.write", reopenChange(reason), meta, words);
}
