import "server-only";
import { and, asc, count, desc, eq, inArray, isNull, like, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { patientFigureTotals, patients } from "@/db/schema";
import type { PatientScope } from "../auth/policy";
import { scopeCondition, totalsScopeCondition } from "./patient-scope-sql";

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

function listFilter(p: Pick<ListParams, "studyId" | "scope" | "search">): SQL {
  const conditions = [eq(patients.studyId, p.studyId), isNull(patients.deletedAt), scopeCondition(p.scope)];
  if (p.search) conditions.push(like(patients.code, prefixPattern(p.search)));
  return and(...conditions)!;
}

/**
 * One page of a study's patients in scope. The page's ids come first from the indexes
 * ((study_id, code) / patients_study_created_idx and the scope variants), then only those rows are
 * read. `page` skips index entries (a deep page costs more); `after` (keyset) seeks straight to the
 * position, so every page costs the same at any depth; `last` is the next page's keyset position.
 */
export async function listPatientRows(
  tx: Queryable,
  p: ListParams,
): Promise<{ rows: PatientRow[]; last: { key: string; id: number } | null }> {
  const direction = p.order === "asc" ? asc : desc;
  const sortColumn = p.sort === "code" ? patients.code : patients.createdAt;
  // The sort key as text: created_at's text form keeps its microseconds (a JS Date would not).
  const sortKey =
    p.sort === "code" ? sql<string>`${patients.code}` : sql<string>`${patients.createdAt}::text`;
  const keyParam = (key: string) => (p.sort === "code" ? sql`${key}` : sql`${key}::timestamptz`);
  const after = p.after
    ? p.order === "asc"
      ? sql`(${sortColumn}, ${patients.id}) > (${keyParam(p.after.key)}, ${p.after.id})`
      : sql`(${sortColumn}, ${patients.id}) < (${keyParam(p.after.key)}, ${p.after.id})`
    : undefined;
  const page = await tx
    .select({ id: patients.id, key: sortKey })
    .from(patients)
    .where(and(listFilter(p), after))
    .orderBy(direction(sortColumn), direction(patients.id))
    .limit(p.limit)
    .offset(p.after ? 0 : p.offset);
  if (page.length === 0) return { rows: [], last: null };
  const ids = page.map((row) => row.id);
  const rows = await tx.select().from(patients).where(inArray(patients.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lastRow = page.at(-1)!;
  return {
    rows: ids.map((id) => byId.get(id)).filter((row): row is PatientRow => row !== undefined),
    last: page.length === p.limit ? { key: lastRow.key, id: lastRow.id } : null,
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
  if (!p.search) {
    const t = patientFigureTotals;
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${t.patients}), 0)`.mapWith(Number) })
      .from(t)
      .where(and(eq(t.studyId, p.studyId), totalsScopeCondition(p.scope)));
    return row?.n ?? 0;
  }
  const [row] = await tx.select({ n: count() }).from(patients).where(listFilter(p));
  return Number(row?.n ?? 0);
}

/** A live patient of the study inside the scope, optionally locked for an update. */
export async function findPatientInScope(
  tx: Queryable,
  p: { id: number; studyId: number; scope: PatientScope; forUpdate?: boolean },
): Promise<PatientRow | null> {
  const query = tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.id, p.id),
        eq(patients.studyId, p.studyId),
        isNull(patients.deletedAt),
        scopeCondition(p.scope),
      ),
    );
  const [row] = p.forUpdate ? await query.for("update") : await query;
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
