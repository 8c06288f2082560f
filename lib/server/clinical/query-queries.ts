import "server-only";
import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { patients, queries, querySteps, userStudyRoles, users, visits } from "@/db/schema";
import { prepared } from "@/db/prepared";
import type { QueryEntityType, QueryStatus } from "@/lib/schemas/query-states";
import type { PatientScope } from "../auth/policy";
import { scopeCondition, scopeConditionPrepared, scopeKey } from "./patient-scope-sql";

export type QueryRow = typeof queries.$inferSelect;
export type QueryStepRow = typeof querySteps.$inferSelect;

/** A query with what its answer names besides: the patient's code, the visit's number and type. */
export type QueryListRow = QueryRow & {
  patientCode: string;
  visitNumber: number | null;
  visitType: string | null;
  /** created_at as PostgreSQL's text (microseconds kept): a keyset position. */
  createdAtKey: string;
};

export type QueryStepView = QueryStepRow & { userName: string | null };

/** A query is seen exactly when its patient is (the clinical scope), and only while it is live. */
function visible(scope: PatientScope, ...more: (SQL | undefined)[]): SQL {
  return and(isNull(patients.deletedAt), scopeCondition(scope), ...more)!;
}

function selectQueries(tx: Queryable) {
  return tx
    .select({
      id: queries.id,
      studyId: queries.studyId,
      patientId: queries.patientId,
      visitId: queries.visitId,
      entityType: queries.entityType,
      field: queries.field,
      status: queries.status,
      assigneeId: queries.assigneeId,
      openedBy: queries.openedBy,
      closedAt: queries.closedAt,
      version: queries.version,
      createdAt: queries.createdAt,
      updatedAt: queries.updatedAt,
      patientCode: patients.code,
      visitNumber: visits.visitNumber,
      visitType: visits.visitType,
      createdAtKey: sql<string>`${queries.createdAt}::text`,
    })
    .from(queries)
    .innerJoin(patients, and(eq(patients.id, queries.patientId), eq(patients.studyId, queries.studyId)))
    .leftJoin(visits, eq(visits.id, queries.visitId));
}

/** Where a query lives, before the study is opened (its study decides who may see it). */
export async function locateQuery(tx: Queryable, id: number): Promise<{ studyId: number } | null> {
  const [row] = await tx.select({ studyId: queries.studyId }).from(queries).where(eq(queries.id, id));
  return row ?? null;
}

/** One query of the study inside the scope, optionally locked for a step. */
export async function findQueryInScope(
  tx: Queryable,
  p: { id: number; studyId: number; scope: PatientScope; forUpdate?: boolean },
): Promise<QueryListRow | null> {
  const query = selectQueries(tx).where(
    visible(p.scope, eq(queries.id, p.id), eq(queries.studyId, p.studyId)),
  );
  const [row] = p.forUpdate ? await query.for("update", { of: queries }) : await query;
  return row ?? null;
}

/** What a query is raised on, inside the scope, with what its answer names of it. */
export type QueryTarget = {
  patientId: number;
  patientCode: string;
  visitId: number | null;
  visitNumber: number | null;
  visitType: string | null;
};

/**
 * The live patient or visit a new query names, in the study and the actor's scope (a visit is seen
 * exactly when its patient is), or null: only the columns the query and its answer need, read by a
 * statement prepared once per kind of record and scope.
 */
export async function findQueryTarget(
  tx: Queryable,
  p: { entityType: QueryEntityType; id: number; studyId: number; scope: PatientScope },
): Promise<QueryTarget | null> {
  const values = { id: p.id, studyId: p.studyId, scopeKey: scopeKey(p.scope) };
  const live = and(isNull(patients.deletedAt), scopeConditionPrepared(p.scope.kind));
  const [row] =
    p.entityType === "visit"
      ? await prepared(tx, `query_target_visit_${p.scope.kind}`, (q, name) =>
          q
            .select({
              patientId: visits.patientId,
              patientCode: patients.code,
              visitId: visits.id,
              visitNumber: visits.visitNumber,
              visitType: visits.visitType,
            })
            .from(visits)
            .innerJoin(patients, and(eq(patients.id, visits.patientId), eq(patients.studyId, visits.studyId)))
            .where(
              and(
                eq(visits.id, sql.placeholder("id")),
                eq(visits.studyId, sql.placeholder("studyId")),
                isNull(visits.deletedAt),
                live,
              ),
            )
            .prepare(name),
        ).execute(values)
      : await prepared(tx, `query_target_patient_${p.scope.kind}`, (q, name) =>
          q
            .select({
              patientId: patients.id,
              patientCode: patients.code,
              visitId: sql<null>`null::integer`,
              visitNumber: sql<null>`null::integer`,
              visitType: sql<null>`null::text`,
            })
            .from(patients)
            .where(
              and(
                eq(patients.id, sql.placeholder("id")),
                eq(patients.studyId, sql.placeholder("studyId")),
                live,
              ),
            )
            .prepare(name),
        ).execute(values);
  return row ?? null;
}

/** A timestamptz as ISO 8601 text: the same on both drivers, whatever their type parsers do. */
const isoText = (column: string) => sql.raw(`to_json(${column}) #>> '{}'`);

/**
 * Opens a query in one statement (decision 0031): the query, its opening step and its patient's
 * open count (the statement trigger of patient_figure_totals moves the study's totals with it).
 * One round trip where there were three, and nothing to read back: the answer is built from what
 * the caller sent and what this returns.
 */
export async function insertOpenedQuery(
  tx: Queryable,
  v: {
    studyId: number;
    patientId: number;
    visitId: number | null;
    entityType: QueryEntityType;
    field: string | null;
    assigneeId: number | null;
    openedBy: number;
    text: string;
  },
): Promise<{ query: QueryRow & { createdAtKey: string }; step: QueryStepRow }> {
  const result = await tx.execute(sql`
    with opened as (
      insert into queries (study_id, patient_id, visit_id, entity_type, field, assignee_id, opened_by)
      values (${v.studyId}, ${v.patientId}, ${v.visitId}, ${v.entityType}, ${v.field}, ${v.assigneeId}, ${v.openedBy})
      returning id, patient_id, status, version, created_at, updated_at
    ), step as (
      insert into query_steps (query_id, kind, text, user_id)
      values ((select id from opened), 'open', ${v.text}, ${v.openedBy})
      returning id, created_at
    ), counted as (
      update patients set queries_open = queries_open + 1 from opened where patients.id = opened.patient_id
    )
    select opened.id, opened.status, opened.version,
      ${isoText("opened.created_at")} as created_at, opened.created_at::text as created_at_key,
      ${isoText("opened.updated_at")} as updated_at,
      step.id as step_id, ${isoText("step.created_at")} as step_created_at
    from opened, step`);
  const [row] = (
    result as unknown as {
      rows: {
        id: number;
        status: QueryStatus;
        version: number;
        created_at: string;
        created_at_key: string;
        updated_at: string;
        step_id: number;
        step_created_at: string;
      }[];
    }
  ).rows;
  if (!row) throw new Error("Opening a query returned no row");
  const id = Number(row.id);
  return {
    query: {
      id,
      studyId: v.studyId,
      patientId: v.patientId,
      visitId: v.visitId,
      entityType: v.entityType,
      field: v.field,
      status: row.status,
      assigneeId: v.assigneeId,
      openedBy: v.openedBy,
      closedAt: null,
      version: Number(row.version),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      createdAtKey: row.created_at_key,
    },
    step: {
      id: Number(row.step_id),
      queryId: id,
      kind: "open",
      category: null,
      text: v.text,
      userId: v.openedBy,
      createdAt: new Date(row.step_created_at),
    },
  };
}

export async function insertStep(
  tx: Queryable,
  values: typeof querySteps.$inferInsert,
): Promise<QueryStepRow> {
  const [row] = await tx.insert(querySteps).values(values).returning();
  return row!;
}

/**
 * A step's new status on the locked row: the version moves, `closed_at` follows the status.
 * Returns the columns it set, which with the locked row make the query as it now stands.
 */
export async function moveQuery(
  tx: Queryable,
  current: QueryRow,
  status: QueryStatus,
  at: Date,
): Promise<Pick<QueryRow, "status" | "closedAt" | "version" | "updatedAt">> {
  const moved = {
    status,
    closedAt: status === "closed" ? at : null,
    version: current.version + 1,
    updatedAt: at,
  };
  await tx.update(queries).set(moved).where(eq(queries.id, current.id));
  return moved;
}

/** A step as the thread shows it: its own columns and its author's name (left-joined `users`). */
const STEP_COLUMNS = {
  id: querySteps.id,
  queryId: querySteps.queryId,
  kind: querySteps.kind,
  category: querySteps.category,
  text: querySteps.text,
  userId: querySteps.userId,
  createdAt: querySteps.createdAt,
  userName: users.fullName,
};

/** A query's thread, oldest first, with each author's name. */
export async function stepsOf(tx: Queryable, queryId: number): Promise<QueryStepView[]> {
  return tx
    .select(STEP_COLUMNS)
    .from(querySteps)
    .leftJoin(users, eq(users.id, querySteps.userId))
    .where(eq(querySteps.queryId, queryId))
    .orderBy(asc(querySteps.id));
}

export type QueryFilter = {
  studyId: number;
  scope: PatientScope;
  status?: QueryStatus;
  patientId?: number;
  visitId?: number;
  assigneeId?: number;
  medicalGroupId?: number;
  visitType?: string;
  field?: string;
  /** Opened at or before this instant (the list's "open for at least N days"). */
  openedBefore?: Date;
};

/**
 * One page of a study's queries in scope, newest (or oldest) first, keyset on (created_at, id):
 * the study's index (by status when filtered by status) is read in order and the page stops at
 * `limit`, whatever the depth.
 */
export async function listQueryPage(
  tx: Queryable,
  filter: QueryFilter,
  page: { order: "asc" | "desc"; limit: number; after: { createdAt: string; id: number } | null },
): Promise<QueryListRow[]> {
  const direction = page.order === "asc" ? asc : desc;
  const comparison = sql.raw(page.order === "asc" ? ">" : "<");
  return selectQueries(tx)
    .where(
      visible(
        filter.scope,
        eq(queries.studyId, filter.studyId),
        filter.status ? eq(queries.status, filter.status) : undefined,
        filter.patientId ? eq(queries.patientId, filter.patientId) : undefined,
        filter.visitId ? eq(queries.visitId, filter.visitId) : undefined,
        filter.assigneeId ? eq(queries.assigneeId, filter.assigneeId) : undefined,
        filter.medicalGroupId ? eq(patients.medicalGroupId, filter.medicalGroupId) : undefined,
        filter.visitType ? eq(visits.visitType, filter.visitType) : undefined,
        filter.field ? eq(queries.field, filter.field) : undefined,
        filter.openedBefore ? lte(queries.createdAt, filter.openedBefore) : undefined,
        page.after
          ? sql`(${queries.createdAt}, ${queries.id}) ${comparison} (${page.after.createdAt}::timestamptz, ${page.after.id})`
          : undefined,
      ),
    )
    .orderBy(direction(queries.createdAt), direction(queries.id))
    .limit(page.limit);
}

/** Whether an active user holds a role in the study (a query's assignee is one of the study team). */
export async function isStudyMember(tx: Queryable, studyId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: userStudyRoles.id })
    .from(userStudyRoles)
    .innerJoin(users, eq(users.id, userStudyRoles.userId))
    .where(
      and(eq(userStudyRoles.studyId, studyId), eq(userStudyRoles.userId, userId), eq(users.isActive, true)),
    );
  return row !== undefined;
}

/**
 * A query's step between statuses counted on its patient (`patients.queries_*`, decision 0031; an
 * opening is counted by `insertOpenedQuery`). The statement trigger of patient_figure_totals moves the study's
 * totals with it, so the dashboard reads a handful of rows. Sent last before the step's audit row,
 * so the totals' bucket stays locked only for the commit's round trips (as a visit write's figures).
 */
export async function countQueryMove(
  tx: Queryable,
  patientId: number,
  from: QueryStatus,
  to: QueryStatus,
): Promise<void> {
  if (from === to) return;
  const delta = (status: QueryStatus) => (status === to ? 1 : 0) - (status === from ? 1 : 0);
  await tx
    .update(patients)
    .set({
      queriesOpen: sql`${patients.queriesOpen} + ${delta("open")}`,
      queriesAnswered: sql`${patients.queriesAnswered} + ${delta("answered")}`,
      queriesClosed: sql`${patients.queriesClosed} + ${delta("closed")}`,
    })
    .where(eq(patients.id, patientId));
}

/**
 * The threads of a page of queries (the CSV export, docs/decisions/0030): every step of these
 * queries, by query and then oldest first, with each author's name. The caller passes ids it read
 * through `listQueryPage`, so the clinical scope was applied there, exactly as in the list; the
 * study is checked again so a stray id can never reach another study's thread.
 */
export async function stepsOfQueries(
  tx: Queryable,
  p: { studyId: number; queryIds: readonly number[] },
): Promise<QueryStepView[]> {
  if (p.queryIds.length === 0) return [];
  return tx
    .select(STEP_COLUMNS)
    .from(querySteps)
    .innerJoin(queries, eq(queries.id, querySteps.queryId))
    .leftJoin(users, eq(users.id, querySteps.userId))
    .where(and(eq(queries.studyId, p.studyId), inArray(querySteps.queryId, [...p.queryIds])))
    .orderBy(asc(querySteps.queryId), asc(querySteps.id));
}

/**
 * The names of the study team members that queries of the study are assigned to (the Queries
 * page's Assignee column): only people who hold a role in this study, never anyone else's name.
 */
export async function queryAssigneeNames(
  tx: Queryable,
  studyId: number,
): Promise<{ id: number; name: string }[]> {
  return tx
    .selectDistinct({ id: users.id, name: users.fullName })
    .from(queries)
    .innerJoin(users, eq(users.id, queries.assigneeId))
    .innerJoin(
      userStudyRoles,
      and(eq(userStudyRoles.userId, users.id), eq(userStudyRoles.studyId, queries.studyId)),
    )
    .where(eq(queries.studyId, studyId))
    .orderBy(asc(users.id));
}

/**
 * The study team's active members by name, whom a new query may be assigned to (the raise form's
 * Assign to, decision 0031): exactly the people `isStudyMember` accepts.
 */
export async function assignableMembers(
  tx: Queryable,
  studyId: number,
): Promise<{ id: number; name: string }[]> {
  return tx
    .selectDistinct({ id: users.id, name: users.fullName })
    .from(userStudyRoles)
    .innerJoin(users, eq(users.id, userStudyRoles.userId))
    .where(and(eq(userStudyRoles.studyId, studyId), eq(users.isActive, true)))
    .orderBy(asc(users.fullName), asc(users.id));
}
