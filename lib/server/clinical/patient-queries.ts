import "server-only";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  like,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { prepared } from "@/db/prepared";
import { patientFigureTotals, patients } from "@/db/schema";
import type { PatientScope } from "../auth/policy";
import { scopeConditionPrepared, scopeKey, totalsScopeConditionPrepared } from "./patient-scope-sql";

export type PatientRow = typeof patients.$inferSelect;
export type PatientInsert = typeof patients.$inferInsert;

type ListParams = {
  studyId: number;
  scope: PatientScope;
  search?: string;
  sort: "code" | "enrolled";
  order: "asc" | "desc";
  limit: number;
  offset: number;
  /** Keyset position: the sort key and id of the last row of the previous page. */
  after?: { key: string; id: number };
};

/** LIKE treats % and _ as wildcards: a code prefix matches literally. */
function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The list's filter; a code prefix is a literal LIKE, so the planner can use the prefix index. */
function listFilter(kind: PatientScope["kind"], search: string | undefined): SQL {
  const conditions = [
    eq(patients.studyId, sql.placeholder("studyId")),
    isNull(patients.deletedAt),
    scopeConditionPrepared(kind),
  ];
  if (search) conditions.push(like(patients.code, prefixPattern(search)));
  return and(...conditions)!;
}

/**
 * One page of a study's patients in scope, in one query: the page's ids come from the indexes
 * ((study_id, code) live / patients_study_created_idx and the scope variants) in a subquery, then
 * only those rows are read. `page` skips index entries (a deep page costs more); `after` (keyset)
 * seeks straight to the position, so every page costs the same at any depth; `last` is the next
 * page's keyset position. Prepared per variant (db/prepared.ts); a search is planned for its
 * literal prefix each time (a generic plan could not use the prefix index).
 */
export async function listPatientRows(
  tx: Queryable,
  p: ListParams,
): Promise<{ rows: PatientRow[]; last: { key: string; id: number } | null }> {
  const variant = `patients_page_${p.scope.kind}_${p.sort}_${p.order}_${p.after ? "after" : "offset"}`;
  const build = (q: Queryable, name: string) => {
    const direction = p.order === "asc" ? asc : desc;
    const sortColumn = p.sort === "code" ? patients.code : patients.createdAt;
    // The sort key as text: created_at's text form keeps its microseconds (a JS Date would not).
    const sortKey =
      p.sort === "code" ? sql<string>`${patients.code}` : sql<string>`${patients.createdAt}::text`;
    const afterKey =
      p.sort === "code" ? sql.placeholder("afterKey") : sql`${sql.placeholder("afterKey")}::timestamptz`;
    const after = p.after
      ? p.order === "asc"
        ? sql`(${sortColumn}, ${patients.id}) > (${afterKey}, ${sql.placeholder("afterId")})`
        : sql`(${sortColumn}, ${patients.id}) < (${afterKey}, ${sql.placeholder("afterId")})`
      : undefined;
    const pageIds = q
      .select({ id: patients.id })
      .from(patients)
      .where(and(listFilter(p.scope.kind, p.search), after))
      .orderBy(direction(sortColumn), direction(patients.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"));
    return q
      .select({ row: getTableColumns(patients), key: sortKey })
      .from(patients)
      .where(inArray(patients.id, pageIds))
      .orderBy(direction(sortColumn), direction(patients.id))
      .prepare(name);
  };
  const values = {
    studyId: p.studyId,
    scopeKey: scopeKey(p.scope),
    limit: p.limit,
    offset: p.after ? 0 : p.offset,
    afterKey: p.after?.key ?? null,
    afterId: p.after?.id ?? null,
  };
  const page = await (p.search ? build(tx, "") : prepared(tx, variant, build)).execute(values);
  const lastRow = page.at(-1);
  return {
    rows: page.map((entry) => entry.row),
    last: lastRow && page.length === p.limit ? { key: lastRow.key, id: lastRow.row.id } : null,
  };
}

/**
 * How many patients the list holds. Without a search it is the maintained total of the scope's
 * buckets (patient_figure_totals: a few rows, where counting the patients costs a scan of every
 * one of them); a code prefix is counted on the prefix index.
 */
export async function countPatients(
  tx: Queryable,
  p: Pick<ListParams, "studyId" | "scope" | "search">,
): Promise<number> {
  const values = { studyId: p.studyId, scopeKey: scopeKey(p.scope) };
  if (p.search) {
    const [row] = await tx
      .select({ n: count() })
      .from(patients)
      .where(listFilter(p.scope.kind, p.search))
      .prepare("")
      .execute(values);
    return Number(row?.n ?? 0);
  }
  const t = patientFigureTotals;
  const [row] = await prepared(tx, `patients_total_${p.scope.kind}`, (q, name) =>
    q
      .select({ n: sql<number>`coalesce(sum(${t.patients}), 0)`.mapWith(Number) })
      .from(t)
      .where(and(eq(t.studyId, sql.placeholder("studyId")), totalsScopeConditionPrepared(p.scope.kind)))
      .prepare(name),
  ).execute(values);
  return row?.n ?? 0;
}

/** A live patient of the study inside the scope, optionally locked for an update. */
export async function findPatientInScope(
  tx: Queryable,
  p: { id: number; studyId: number; scope: PatientScope; forUpdate?: boolean },
): Promise<PatientRow | null> {
  const name = `patient_in_scope_${p.scope.kind}${p.forUpdate ? "_for_update" : ""}`;
  const [row] = await prepared(tx, name, (q, name) => {
    const query = q
      .select()
      .from(patients)
      .where(
        and(
          eq(patients.id, sql.placeholder("id")),
          eq(patients.studyId, sql.placeholder("studyId")),
          isNull(patients.deletedAt),
          scopeConditionPrepared(p.scope.kind),
        ),
      );
    return (p.forUpdate ? query.for("update") : query).prepare(name);
  }).execute({ id: p.id, studyId: p.studyId, scopeKey: scopeKey(p.scope) });
  return row ?? null;
}

export async function codeExists(tx: Queryable, studyId: number, code: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.studyId, studyId),
        eq(patients.code, code),
        exceptId === undefined ? undefined : sql`${patients.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertPatient(tx: Queryable, values: PatientInsert): Promise<PatientRow> {
  const [row] = await tx.insert(patients).values(values).returning();
  if (!row) throw new Error("Patient insert returned nothing");
  return row;
}

/**
 * Writes a versioned change of a row already read FOR UPDATE in scope; the version filter makes a
 * missing lock fail closed instead of overwriting.
 */
export async function updatePatientRow(
  tx: Queryable,
  current: PatientRow,
  values: Partial<PatientInsert>,
): Promise<PatientRow> {
  const [row] = await tx
    .update(patients)
    .set({ ...values, version: current.version + 1, updatedAt: new Date() })
    .where(and(eq(patients.id, current.id), eq(patients.version, current.version)))
    .returning();
  if (!row) throw new Error(`Patient ${current.id}: locked row changed during its update`);
  return row;
}
