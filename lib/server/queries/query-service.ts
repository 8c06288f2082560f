import "server-only";
import type { Db, Queryable } from "@/db/client";
import { fieldsForEntity } from "@/lib/forms";
import { messageRef } from "@/lib/i18n/message-ref";
import { PATIENT_MESSAGES } from "@/lib/schemas/patients";
import type {
  QueryCreateBody,
  QueryListQuery,
  QueryListResponse,
  QueryResponse,
  QueryResponseBody,
  QueryStepBody,
} from "@/lib/schemas/queries";
import { QUERY_RECORD_COLUMNS, QUERY_TRANSITIONS, type QueryStepKind } from "@/lib/schemas/query-states";
import { VISIT_MESSAGES } from "@/lib/schemas/visits";
import { conflict, fieldError, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import type { Permission } from "../auth/policy";
import { auditedTransaction } from "../audit/audit-writer";
import { openClinicalStudy, requireClinicalPermission, type ClinicalStudy } from "../clinical/clinical-study";
import {
  findQueryInScope,
  countQueryMove,
  findQueryTarget,
  insertOpenedQuery,
  insertStep,
  isStudyMember,
  listQueryPage,
  locateQuery,
  moveQuery,
  stepsOf,
  type QueryFilter,
  type QueryTarget,
  type QueryListRow,
  type QueryStepView,
} from "../clinical/query-queries";
import { readKeysetCursor, writeKeysetCursor } from "../api/keyset-cursor";
import { notifyQueryStep, sendAfterCommit } from "../notifications/notification-service";

const DAY_MS = 86_400_000;
/** PostgreSQL's text form of a timestamptz: a keyset position's key. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const NOT_FOUND = messageRef("api.queries.notFound");

export function toQueryResponse(row: QueryListRow, steps?: QueryStepView[], now = new Date()): QueryResponse {
  const end = row.closedAt ?? now;
  return {
    id: row.id,
    study_id: row.studyId,
    patient_id: row.patientId,
    patient_code: row.patientCode,
    entity_type: row.entityType,
    entity_id: row.entityType === "visit" ? row.visitId! : row.patientId,
    visit_id: row.visitId,
    visit_number: row.visitNumber,
    visit_type: row.visitType,
    field: row.field,
    status: row.status,
    assignee_id: row.assigneeId,
    opened_by: row.openedBy,
    opened_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    days_open: Math.max(0, Math.floor((end.getTime() - row.createdAt.getTime()) / DAY_MS)),
    ...(steps
      ? {
          steps: steps.map((step) => ({
            id: step.id,
            kind: step.kind,
            category: step.category,
            text: step.text,
            user_id: step.userId,
            user_name: step.userName,
            created_at: step.createdAt.toISOString(),
          })),
        }
      : {}),
  };
}

const actorOf = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

/**
 * What the query is about, found in the study and the actor's scope: a record outside it is the
 * same 404 as a missing one, and audited as a denial.
 */
async function resolveTarget(
  tx: Queryable,
  study: ClinicalStudy,
  body: QueryCreateBody,
): Promise<QueryTarget> {
  const target = await findQueryTarget(tx, {
    entityType: body.entity_type,
    id: body.entity_id,
    studyId: study.id,
    scope: study.access.patientScope,
  });
  if (target) return target;
  const context = { studyId: study.id, entityType: body.entity_type, entityId: body.entity_id };
  throw notFound(body.entity_type === "visit" ? VISIT_MESSAGES.notFound : PATIENT_MESSAGES.notFound, context);
}

/**
 * The field a query names, checked against its entity: a visit query may name a visit field of the
 * study or the visit's own date, type or number, or no field (the visit as a whole); a patient
 * query names a patient field or column.
 */
function checkQueryField(study: ClinicalStudy, body: QueryCreateBody): void {
  if (body.field === undefined) {
    if (body.entity_type === "patient")
      throw fieldError(["body", "field"], messageRef("api.queries.patientField"));
    return;
  }
  const known = [
    ...QUERY_RECORD_COLUMNS[body.entity_type],
    ...fieldsForEntity(study.config.data_fields, body.entity_type).map((field) => field.name),
  ];
  if (!known.includes(body.field))
    throw fieldError(["body", "field"], messageRef("api.queries.unknownField", { field: body.field }));
}

/** Opens a query (queries.open): its first step and its audit row, in one transaction. */
export async function openQuery(
  db: Db,
  actor: Actor,
  body: QueryCreateBody,
  meta: RequestMeta,
): Promise<QueryResponse> {
  const { answer, notified } = await auditedTransaction(db, async (tx, audit) => {
    // A record outside the scope is the same 404 whatever the role; inside it, the role decides.
    const study = await openClinicalStudy(tx, actor, body.study_id, "clinical.read");
    const target = await resolveTarget(tx, study, body);
    requireClinicalPermission(study, "queries.open");
    checkQueryField(study, body);
    if (body.assignee_id !== undefined && !(await isStudyMember(tx, study.id, body.assignee_id)))
      throw fieldError(["body", "assignee_id"], messageRef("api.queries.assigneeNotMember"));
    // The query, its first step and its patient's count in one statement; the answer is built
    // from it, nothing is read back (decision 0031).
    const { query, step } = await insertOpenedQuery(tx, {
      studyId: study.id,
      patientId: target.patientId,
      visitId: target.visitId,
      entityType: body.entity_type,
      field: body.field ?? null,
      assigneeId: body.assignee_id ?? null,
      openedBy: actor.userId,
      text: body.text,
    });
    // The assignee's notification, in the step's transaction (decision 0031).
    const notified = await notifyQueryStep(tx, { step: "open", query, actorId: actor.userId });
    audit({
      action: "create",
      entityType: "query",
      entityId: query.id,
      studyId: study.id,
      actor: actorOf(actor),
      meta,
      newValues: {
        entity_type: body.entity_type,
        entity_id: body.entity_id,
        patient_id: target.patientId,
        visit_id: target.visitId,
        field: body.field ?? null,
        assignee_id: body.assignee_id ?? null,
        status: "open",
        text: body.text,
      },
    });
    const answer = toQueryResponse({ ...query, ...target }, [{ ...step, userName: actor.fullName }]);
    return { answer, notified };
  });
  // Emails only once the step is committed, and never in the way of the answer (decision 0031).
  sendAfterCommit(db, notified);
  return answer;
}

/** The query in the actor's scope with its study: a query outside it is the same audited 404. */
async function openQueryRecord(
  tx: Queryable,
  actor: Actor,
  id: number,
  permission: Permission,
  forUpdate = false,
): Promise<{ study: ClinicalStudy; query: QueryListRow }> {
  const located = await locateQuery(tx, id);
  if (!located) throw notFound(NOT_FOUND);
  const study = await openClinicalStudy(tx, actor, located.studyId, "clinical.read");
  const query = await findQueryInScope(tx, {
    id,
    studyId: study.id,
    scope: study.access.patientScope,
    forUpdate,
  });
  if (!query) throw notFound(NOT_FOUND, { studyId: study.id, entityType: "query", entityId: id });
  requireClinicalPermission(study, permission);
  return { study, query };
}

export async function getQuery(db: Db, actor: Actor, id: number): Promise<QueryResponse> {
  const { query } = await openQueryRecord(db, actor, id, "clinical.read");
  return toQueryResponse(query, await stepsOf(db, query.id));
}

/**
 * One step of a query's thread (a response, a close, a reopen): the permission of its side, a
 * status it may be taken from (409 otherwise), the step and the new status on the locked row, and
 * an audit row with both statuses and the step's words.
 */
async function takeStep(
  db: Db,
  actor: Actor,
  id: number,
  kind: Exclude<QueryStepKind, "open">,
  body: { text: string; category?: QueryResponseBody["category"] },
  meta: RequestMeta,
): Promise<QueryResponse> {
  const { answer, notified } = await auditedTransaction(db, async (tx, audit) => {
    const permission = kind === "response" ? "queries.respond" : "queries.open";
    const { study, query } = await openQueryRecord(tx, actor, id, permission, true);
    const transition = QUERY_TRANSITIONS[kind];
    if (!transition.from.includes(query.status))
      // Each step is refused from one status only (QUERY_TRANSITIONS): the message names it.
      throw conflict(messageRef(`api.queries.cannot.${kind}`));
    const at = new Date();
    await insertStep(tx, {
      queryId: id,
      kind,
      category: body.category ?? null,
      text: body.text,
      userId: actor.userId,
    });
    const moved = await moveQuery(tx, query, transition.to, at);
    // Who hears of the step (decision 0031): the assignee of a reopened query, the opener and
    // the assignee of an answered one; never the actor.
    const notified = await notifyQueryStep(tx, { step: kind, query, actorId: actor.userId });
    const steps = await stepsOf(tx, id);
    await countQueryMove(tx, query.patientId, query.status, transition.to);
    audit({
      action: "update",
      entityType: "query",
      entityId: id,
      studyId: study.id,
      actor: actorOf(actor),
      meta,
      oldValues: { status: query.status },
      newValues: {
        status: transition.to,
        step: kind,
        ...(body.category ? { category: body.category } : {}),
        text: body.text,
      },
    });
    return { answer: toQueryResponse({ ...query, ...moved }, steps), notified };
  });
  sendAfterCommit(db, notified);
  return answer;
}

export const respondToQuery = (
  db: Db,
  actor: Actor,
  id: number,
  body: QueryResponseBody,
  meta: RequestMeta,
) => takeStep(db, actor, id, "response", body, meta);

export const closeQuery = (db: Db, actor: Actor, id: number, body: QueryStepBody, meta: RequestMeta) =>
  takeStep(db, actor, id, "close", body, meta);

export const reopenQuery = (db: Db, actor: Actor, id: number, body: QueryStepBody, meta: RequestMeta) =>
  takeStep(db, actor, id, "reopen", body, meta);

/**
 * The list's filters as the SQL reads them: the one reading of the list's terms, for the list and
 * its CSV export alike (query-export.ts). "Open at least N days" is opened at or before now − N days.
 */
export function queryFilterOf(
  studyId: number,
  scope: QueryFilter["scope"],
  query: Omit<QueryListQuery, "study_id" | "order" | "page_size" | "cursor">,
  now: Date,
): QueryFilter {
  return {
    studyId,
    scope,
    status: query.status,
    patientId: query.patient_id,
    visitId: query.visit_id,
    assigneeId: query.assignee_id,
    medicalGroupId: query.medical_group_id,
    visitType: query.visit_type,
    field: query.field,
    openedBefore:
      query.min_days_open === undefined ? undefined : new Date(now.getTime() - query.min_days_open * DAY_MS),
  };
}

/** A study's queries in the actor's scope, filtered, newest first by default, keyset paged. */
export async function listQueries(db: Db, actor: Actor, query: QueryListQuery): Promise<QueryListResponse> {
  const study = await openClinicalStudy(db, actor, query.study_id, "clinical.read");
  const after =
    query.cursor === undefined
      ? null
      : readKeysetCursor(query.cursor, { list: "queries", order: query.order }, (key) =>
          TIMESTAMP_TEXT.test(key),
        );
  const now = new Date();
  const rows = await listQueryPage(db, queryFilterOf(study.id, study.access.patientScope, query, now), {
    order: query.order,
    limit: query.page_size + 1,
    after: after && { createdAt: after.key, id: after.id },
  });
  const page = rows.slice(0, query.page_size);
  const last = page.at(-1);
  return {
    items: page.map((row) => toQueryResponse(row, undefined, now)),
    next_cursor:
      rows.length > query.page_size && last
        ? writeKeysetCursor({ list: "queries", order: query.order }, { key: last.createdAtKey, id: last.id })
        : null,
  };
}
