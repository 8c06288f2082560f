import "server-only";
import type { Db, Queryable } from "@/db/client";
import { messageRef } from "@/lib/i18n/message-ref";
import type { NotificationKind } from "@/lib/schemas/notification-kinds";
import type {
  NotificationListQuery,
  NotificationListResponse,
  NotificationReadResponse,
  NotificationResponse,
} from "@/lib/schemas/notifications";
import { notFound } from "../api/errors";
import { readKeysetCursor, writeKeysetCursor } from "../api/keyset-cursor";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { isPlatformAdmin, studyAccess } from "../auth/policy";
import { auditedTransaction } from "../audit/audit-writer";
import {
  assignmentsOf,
  countUnread,
  findOwnNotification,
  insertNotifications,
  listInboxPage,
  markRead,
  reachableUsers,
  type InboxRow,
  type InboxScope,
} from "../clinical/notification-queries";
import { deliverNotificationEmails } from "./notification-email";

/**
 * Notifications of the data review (decision 0031): who is told what when a query takes a step,
 * and each user's own inbox. A notification is written in the transaction of its step (it exists
 * exactly when the step does); its email goes out after the commit (notification-email.ts).
 */

/** What a query step tells, and to whom, before the recipients are checked. */
export type QueryStepNotice = {
  step: "open" | "reopen" | "response" | "close";
  query: { id: number; studyId: number; openedBy: number; assigneeId: number | null };
  actorId: number;
};

function recipientsOf(notice: QueryStepNotice): { kind: NotificationKind; userIds: number[] } | null {
  const { query } = notice;
  switch (notice.step) {
    case "open":
    case "reopen":
      // An opened or reopened query is the assignee's to look at (decision 0031).
      return query.assigneeId === null ? null : { kind: "query_assigned", userIds: [query.assigneeId] };
    case "response":
      // The site answered: the reviewer who opened it, and the assignee, hear of it.
      return {
        kind: "query_answered",
        userIds: [query.openedBy, ...(query.assigneeId === null ? [] : [query.assigneeId])],
      };
    case "close":
      return null;
  }
}

/**
 * Writes the notifications of a query step inside its transaction: never to the actor themself, at
 * most one per person, and only to active users who may still work in the study. Returns their ids
 * for the email, which is sent after the commit (`sendAfterCommit`).
 */
export async function notifyQueryStep(tx: Queryable, notice: QueryStepNotice): Promise<number[]> {
  const told = recipientsOf(notice);
  if (!told) return [];
  const candidates = [...new Set(told.userIds)].filter((id) => id !== notice.actorId);
  const userIds = await reachableUsers(tx, notice.query.studyId, candidates);
  const rows = await insertNotifications(
    tx,
    userIds.map((userId) => ({
      userId,
      studyId: notice.query.studyId,
      queryId: notice.query.id,
      kind: told.kind,
      actorId: notice.actorId,
    })),
  );
  return rows.map((row) => row.id);
}

/**
 * After the step's commit: the emails of its notifications, in the background. The user's request
 * never waits for the mail server and never fails because of it; a failure is logged and leaves
 * `emailed_at` null (notification-email.ts).
 */
export function sendAfterCommit(db: Db, ids: number[]): void {
  if (ids.length === 0) return;
  track(deliverNotificationEmails(db, ids));
}

const pending = new Set<Promise<void>>();

function track(delivery: Promise<void>): void {
  pending.add(delivery);
  void delivery.finally(() => pending.delete(delivery));
}

/** Resolves once every email started so far has been sent or has failed (tests, shutdown). */
export async function notificationEmailsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/** The reader's clinical scope in every study (policy.ts): where their notifications may point. */
async function inboxScopeOf(tx: Queryable, actor: Actor): Promise<InboxScope> {
  if (isPlatformAdmin(actor)) return { kind: "all" };
  const assignments = await assignmentsOf(tx, actor.userId);
  return {
    kind: "studies",
    studies: assignments.flatMap((assignment) => {
      const access = studyAccess(actor, assignment, assignment.studyId);
      return access.permissions.has("clinical.read")
        ? [{ studyId: assignment.studyId, scope: access.patientScope }]
        : [];
    }),
  };
}

function toNotificationResponse(row: InboxRow): NotificationResponse {
  return {
    id: row.id,
    kind: row.kind,
    study_id: row.studyId,
    study_code: row.studyCode,
    study_name: row.studyName,
    query_id: row.queryId,
    entity_type: row.entityType,
    field: row.field,
    patient_code: row.patientCode,
    actor_name: row.actorName,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const CURSOR_TERMS = { list: "notifications", order: "desc" };
const ID_KEY = /^\d{1,10}$/;

/** GET /api/notifications: the reader's own, newest first, in their clinical scope, keyset paged. */
export async function listNotifications(
  db: Db,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationListResponse> {
  const after =
    query.cursor === undefined
      ? null
      : readKeysetCursor(query.cursor, CURSOR_TERMS, (key) => ID_KEY.test(key));
  const scope = await inboxScopeOf(db, actor);
  const rows = await listInboxPage(db, {
    userId: actor.userId,
    scope,
    unreadOnly: query.unread_only,
    afterId: after ? after.id : null,
    limit: query.page_size + 1,
  });
  const page = rows.slice(0, query.page_size);
  const last = page.at(-1);
  return {
    items: page.map(toNotificationResponse),
    next_cursor:
      rows.length > query.page_size && last
        ? writeKeysetCursor(CURSOR_TERMS, { key: String(last.id), id: last.id })
        : null,
    unread: await countUnread(db, { userId: actor.userId, scope }),
  };
}

const actorOf = (actor: Actor) => ({ userId: actor.userId, email: actor.email });
const NOT_FOUND = messageRef("api.notifications.notFound");

/**
 * POST /api/notifications/{id}/read: one of the reader's own notifications is read. Another's, one
 * out of their scope and a missing one are the same 404, audited as a denial. Reading it again
 * changes nothing and writes no audit row.
 */
export async function readNotification(
  db: Db,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<NotificationReadResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const scope = await inboxScopeOf(tx, actor);
    const own = await findOwnNotification(tx, { id, userId: actor.userId, scope });
    if (!own) throw notFound(NOT_FOUND, { entityType: "notification", entityId: id });
    const at = new Date();
    const marked = await markRead(tx, { userId: actor.userId, scope, ids: [id], at });
    for (const row of marked)
      audit({
        action: "update",
        entityType: "notification",
        entityId: row.id,
        studyId: row.studyId,
        actor: actorOf(actor),
        meta,
        oldValues: { read_at: null },
        newValues: { read_at: at.toISOString() },
      });
    return { marked: marked.length, unread: await countUnread(tx, { userId: actor.userId, scope }) };
  });
}

/**
 * POST /api/notifications/read-all: every unread notification the reader can see is read, with one
 * audit row per study naming the notifications it marked.
 */
export async function readAllNotifications(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
): Promise<NotificationReadResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const scope = await inboxScopeOf(tx, actor);
    const at = new Date();
    const marked = await markRead(tx, { userId: actor.userId, scope, at });
    const byStudy = new Map<number, number[]>();
    for (const row of marked) byStudy.set(row.studyId, [...(byStudy.get(row.studyId) ?? []), row.id]);
    for (const [studyId, ids] of byStudy)
      audit({
        action: "update",
        entityType: "notification",
        entityId: null,
        studyId,
        actor: actorOf(actor),
        meta,
        oldValues: { read_at: null },
        newValues: { read_at: at.toISOString(), notification_ids: ids.sort((a, b) => a - b) },
      });
    return { marked: marked.length, unread: await countUnread(tx, { userId: actor.userId, scope }) };
  });
}
