import "server-only";
import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "@/db/client";
import { notifications, patients, queries, studies, userStudyRoles, users } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import type { NotificationKind } from "@/lib/schemas/notification-kinds";
import type { PatientScope, StudyAssignment } from "../auth/policy";
import { scopeCondition } from "./patient-scope-sql";

/**
 * The inbox's SQL (decision 0031). A notification is listed, counted and touched only while the
 * query it names is in its reader's clinical scope, through the very condition the query list uses
 * (patient-scope-sql.ts, decision 0030): a user moved out of a group, or off the study, no longer
 * sees the patient's code or field through their inbox.
 */

export type NotificationRow = typeof notifications.$inferSelect;

/** The reader's scope in each study they may read, or everywhere (platform admins). */
export type InboxScope =
  { kind: "all" } | { kind: "studies"; studies: { studyId: number; scope: PatientScope }[] };

/** The inbox condition on `notifications` joined with its query's live patient. */
function inboxCondition(userId: number, scope: InboxScope, ...more: (SQL | undefined)[]): SQL {
  const inScope =
    scope.kind === "all"
      ? sql`true`
      : scope.studies.length === 0
        ? sql`false`
        : or(...scope.studies.map((s) => and(eq(notifications.studyId, s.studyId), scopeCondition(s.scope))));
  return and(eq(notifications.userId, userId), isNull(patients.deletedAt), inScope, ...more)!;
}

/** The user's roles in studies (their scope there follows from each, policy.ts). */
export async function assignmentsOf(
  tx: Queryable,
  userId: number,
): Promise<(StudyAssignment & { studyId: number })[]> {
  return tx
    .select({
      studyId: userStudyRoles.studyId,
      role: userStudyRoles.role,
      medicalGroupId: userStudyRoles.medicalGroupId,
    })
    .from(userStudyRoles)
    .where(eq(userStudyRoles.userId, userId));
}

const actors = alias(users, "notification_actor");

function selectInbox(tx: Queryable) {
  return tx
    .select({
      id: notifications.id,
      kind: notifications.kind,
      studyId: notifications.studyId,
      studyCode: studies.code,
      studyName: studies.name,
      queryId: notifications.queryId,
      entityType: queries.entityType,
      field: queries.field,
      patientCode: patients.code,
      actorName: actors.fullName,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(queries, eq(queries.id, notifications.queryId))
    .innerJoin(patients, and(eq(patients.id, queries.patientId), eq(patients.studyId, queries.studyId)))
    .innerJoin(studies, eq(studies.id, notifications.studyId))
    .leftJoin(actors, eq(actors.id, notifications.actorId));
}

export type InboxRow = Awaited<ReturnType<ReturnType<typeof selectInbox>["execute"]>>[number];

/** One page of the inbox, newest first, keyset on id (notifications_user_idx). */
export async function listInboxPage(
  tx: Queryable,
  p: { userId: number; scope: InboxScope; unreadOnly: boolean; afterId: number | null; limit: number },
): Promise<InboxRow[]> {
  return selectInbox(tx)
    .where(
      inboxCondition(
        p.userId,
        p.scope,
        p.unreadOnly ? isNull(notifications.readAt) : undefined,
        p.afterId === null ? undefined : lt(notifications.id, p.afterId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(p.limit);
}

/** The header badge's number: unread notifications the reader can see. */
export async function countUnread(tx: Queryable, p: { userId: number; scope: InboxScope }): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .innerJoin(queries, eq(queries.id, notifications.queryId))
    .innerJoin(patients, and(eq(patients.id, queries.patientId), eq(patients.studyId, queries.studyId)))
    .where(inboxCondition(p.userId, p.scope, isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Which of these ids are the reader's own, visible, unread notifications (locked for the update). */
async function visibleUnread(
  tx: Queryable,
  p: { userId: number; scope: InboxScope; ids?: number[] },
): Promise<{ id: number; studyId: number }[]> {
  return tx
    .select({ id: notifications.id, studyId: notifications.studyId })
    .from(notifications)
    .innerJoin(queries, eq(queries.id, notifications.queryId))
    .innerJoin(patients, and(eq(patients.id, queries.patientId), eq(patients.studyId, queries.studyId)))
    .where(
      inboxCondition(
        p.userId,
        p.scope,
        isNull(notifications.readAt),
        p.ids ? inArray(notifications.id, p.ids) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .for("update", { of: notifications });
}

/** One of the reader's own visible notifications, or null (another's, out of scope, missing). */
export async function findOwnNotification(
  tx: Queryable,
  p: { id: number; userId: number; scope: InboxScope },
): Promise<InboxRow | null> {
  const [row] = await selectInbox(tx).where(inboxCondition(p.userId, p.scope, eq(notifications.id, p.id)));
  return row ?? null;
}

/** Marks the reader's visible unread notifications read (these ids, or all): the rows it changed. */
export async function markRead(
  tx: Queryable,
  p: { userId: number; scope: InboxScope; ids?: number[]; at: Date },
): Promise<{ id: number; studyId: number }[]> {
  const rows = await visibleUnread(tx, p);
  if (rows.length === 0) return [];
  await tx
    .update(notifications)
    .set({ readAt: p.at })
    .where(
      inArray(
        notifications.id,
        rows.map((r) => r.id),
      ),
    );
  return rows;
}

export async function insertNotifications(
  tx: Queryable,
  rows: (typeof notifications.$inferInsert)[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(notifications).values(rows).returning();
}

/**
 * Of these users, the ones a notification about the study may reach: active, and holding a role in
 * the study or administering the platform (policy.ts isPlatformAdmin). Someone taken off the team
 * since the query was assigned is told nothing.
 */
export async function reachableUsers(tx: Queryable, studyId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(userStudyRoles, and(eq(userStudyRoles.userId, users.id), eq(userStudyRoles.studyId, studyId)))
    .where(
      and(
        inArray(users.id, userIds),
        eq(users.isActive, true),
        or(
          sql`${userStudyRoles.id} is not null`,
          eq(users.isSuperuser, true),
          inArray(users.roleLevel, ["admin", "superadmin"]),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** What an email needs of a notification: its recipient and study, never the query's record. */
export type MailFacts = {
  id: number;
  kind: NotificationKind;
  email: string;
  userLocale: Locale | null;
  studyCode: string;
  studyName: string;
  studyLanguage: Locale | null;
};

export async function mailFactsOf(tx: Queryable, ids: number[]): Promise<MailFacts[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: notifications.id,
      kind: notifications.kind,
      email: users.email,
      userLocale: users.locale,
      studyCode: studies.code,
      studyName: studies.name,
      studyLanguage: studies.defaultLanguage,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(studies, eq(studies.id, notifications.studyId))
    .where(and(inArray(notifications.id, ids), isNull(notifications.emailedAt), eq(users.isActive, true)))
    .orderBy(notifications.id);
}

export async function markEmailed(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.update(notifications).set({ emailedAt: at }).where(eq(notifications.id, id));
}
