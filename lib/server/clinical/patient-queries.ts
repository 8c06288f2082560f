import "server-only";
import { and, asc, count, desc, eq, isNull, like, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "@/db/client";
import { prepared } from "@/db/prepared";
import type { FormStatus } from "@/lib/schemas/data-review";
import { PATIENT_LIMITS, type PatientSort } from "@/lib/schemas/patients";
import { patientFigureTotals, patients } from "@/db/schema";
import type { PatientScope } from "../auth/policy";
import { scopeConditionPrepared, scopeKey, totalsScopeConditionPrepared } from "./patient-scope-sql";

export type PatientRow = typeof patients.$inferSelect;
export type PatientInsert = typeof patients.$inferInsert;

type ListParams = {
  studyId: number;
  scope: PatientScope;
  search?: string;
  /** The patient record's form status (decision 0031). */
  formStatus?: FormStatus;
  sort: PatientSort;
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

/**
 * A code prefix as bounds on the prefix index (text_pattern_ops compares bytes): every code that
 * starts with it lies between the prefix and the prefix followed by as many of the highest code
 * point (U+10FFFF, the greatest UTF-8 sequence) as a code can hold. Bounds are parameters, so the
 * search is prepared like the rest of the list (a `LIKE $1` alone could not use the index in a
 * generic plan); the LIKE stays as the exact test.
 */
function searchValues(search: string | undefined) {
  if (!search) return {};
  return {
    searchFrom: search,
    searchTo: search + String.fromCodePoint(0x10ffff).repeat(PATIENT_LIMITS.code),
    searchPattern: prefixPattern(search),
  };
}

/**
 * The list's filter: study, live rows, the actor's scope, when searching the code prefix, and the
 * record's form status when one is asked (decision 0031).
 */
function listFilter(kind: PatientScope["kind"], searching: boolean, byStatus: boolean): SQL {
  const conditions = [
    eq(patients.studyId, sql.placeholder("studyId")),
    isNull(patients.deletedAt),
    scopeConditionPrepared(kind),
  ];
  if (byStatus) conditions.push(sql`${patients.formStatus} = ${sql.placeholder("formStatus")}::text`);
  if (searching)
    conditions.push(
      sql`${patients.code} ~>=~ ${sql.placeholder("searchFrom")}`,
      sql`${patients.code} ~<=~ ${sql.placeholder("searchTo")}`,
      like(patients.code, sql.placeholder("searchPattern")),
    );
  return and(...conditions)!;
}

/**
 * A patient as its API answer (`PatientResponse`, lib/schemas/patients.ts), built by PostgreSQL:
 * the same keys and values as `toPatientResponse` in patient-service.ts, which
 * tests/api/patient-list-json.test.ts holds them to. Instants are written like JavaScript's
 * `toISOString()` (UTC, milliseconds truncated as node-postgres truncates them).
 */
const isoInstant = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const patientJson = sql`json_build_object(
  'id', ${patients.id}, 'study_id', ${patients.studyId}, 'code', ${patients.code},
  'birth_date', ${patients.birthDate}, 'sex', ${patients.sex},
  'height_cm', ${patients.heightCm}, 'weight_kg', ${patients.weightKg},
  'naive_systemic', ${patients.naiveSystemic}, 'naive_biologic', ${patients.naiveBiologic},
  'custom_fields', ${patients.customFields}, 'missing', ${patients.missing},
  'medical_group_id', ${patients.medicalGroupId},
  'confirmed_warnings', ${patients.confirmedWarnings},
  'created_by', ${patients.createdBy}, 'version', ${patients.version},
  'next_visit_type', ${patients.nextVisitType}, 'next_visit_due', ${patients.nextVisitDue},
  'next_visit_window_end', ${patients.nextVisitWindowEnd}, 'enrolled_on', ${patients.enrolledOn},
  'form_status', ${patients.formStatus}, 'completed_at', ${isoInstant(patients.completedAt)},
  'completed_by', ${patients.completedBy}, 'verification', ${patients.verification},
  'created_at', ${isoInstant(patients.createdAt)}, 'updated_at', ${isoInstant(patients.updatedAt)})`;

export type PatientPage = {
  /** The page's patients as a JSON array text, in list order, ready to be sent as it is. */
  itemsJson: string;
  rows: number;
  /** How many patients the whole list holds (every page). */
  total: number;
  /** The last row's sort key and id: the next page's keyset position. */
  last: { key: string; id: number } | null;
};

/**
 * One page of a study's patients in scope, in one query: the page's ids come from the indexes
 * ((study_id, code) live / patients_study_created_idx and the scope variants) in a subquery, then
 * only those rows are read. `page` skips index entries (a deep page costs more); `after` (keyset)
 * seeks straight to the position, so every page costs the same at any depth; the list's total
 * comes with the page. The rows leave
 * PostgreSQL as one JSON text (decision 0012): parsing a hundred rows into objects and writing them
 * out again cost the server more than the query itself. Prepared per variant (db/prepared.ts).
 */
export async function listPatientPage(tx: Queryable, p: ListParams): Promise<PatientPage> {
  if (!Number.isSafeInteger(p.limit) || p.limit < 1 || p.limit > PATIENT_LIMITS.pageSize)
    throw new Error(`A patient page holds 1 to ${PATIENT_LIMITS.pageSize} rows, not ${p.limit}`);
  const fromStart = p.after !== undefined || p.offset === 0;
  // The dates (next visit due, enrolment) may be null (no schedule or nothing left to plan; no visit
  // yet): nulls sort last going up, first going down (the index's own order), and a keyset
  // position on a null key is its own variant.
  const nullable = p.sort !== "code";
  const afterNull = nullable && p.after?.key === "";
  const byStatus = p.formStatus !== undefined;
  const variant = `patients_page_${p.scope.kind}_${p.sort}_${p.order}_${p.after ? (afterNull ? "after_null" : "after") : fromStart ? "first" : "offset"}${p.search ? "_search" : ""}${byStatus ? "_status" : ""}`;
  const build = (q: Queryable, name: string) => {
    const direction = p.order === "asc" ? asc : desc;
    const forward = sql.raw(p.order === "asc" ? "asc" : "desc");
    const backward = sql.raw(p.order === "asc" ? "desc" : "asc");
    const sortColumn =
      p.sort === "code" ? patients.code : p.sort === "enrolled" ? patients.enrolledOn : patients.nextVisitDue;
    // The sort key as text; a null date is the empty key.
    const sortKey = nullable ? sql<string>`coalesce(${sortColumn}::text, '')` : sql<string>`${patients.code}`;
    const afterKey = nullable ? sql`${sql.placeholder("afterKey")}::date` : sql.placeholder("afterKey");
    const afterId = sql.placeholder("afterId");
    const after = p.after
      ? afterNull
        ? sql`${sortColumn} is null and ${patients.id} ${sql.raw(p.order === "asc" ? ">" : "<")} ${afterId}`
        : p.order === "asc"
          ? sql`(${sortColumn}, ${patients.id}) > (${afterKey}, ${afterId})`
          : sql`(${sortColumn}, ${patients.id}) < (${afterKey}, ${afterId})`
      : undefined;
    const filter = and(listFilter(p.scope.kind, Boolean(p.search), byStatus), after);
    const order = [direction(sortColumn), direction(patients.id)];
    // Past a keyset position the rest of a nullable sort is two index ranges in a row: going up,
    // the dates after the key then the nulls; going down from a null key, the nulls left then
    // every date. Each part is a seek on the date's index (patients_study_next_visit_idx,
    // patients_study_enrolled_idx): a row comparison cannot reach the nulls, and an OR of the two
    // would scan the index from its start.
    const continuation =
      nullable && p.after && (p.order === "asc") !== afterNull
        ? and(
            listFilter(p.scope.kind, Boolean(p.search), byStatus),
            sql`${sortColumn} is ${sql.raw(p.order === "asc" ? "" : "not ")}null`,
          )
        : undefined;
    // A page from the start of the list or from a keyset position reads at most the largest page
    // of index entries (a constant), numbered in list order; the page size only cuts that
    // numbering (PostgreSQL 15 stops the scan there: a window run condition). The planner then
    // estimates every page size alike and the prepared statement keeps one generic plan. With
    // `limit $n` it cannot estimate the rows, judges the generic plan dearer than a fresh one and
    // plans the statement again on every execution (decision 0019).
    const windowPart = (where: SQL | undefined) =>
      q
        .select({ id: patients.id, sortValue: sql`${sortColumn}`.as("window_sort") })
        .from(patients)
        .where(where)
        .orderBy(...order)
        .limit(sql.raw(String(PATIENT_LIMITS.pageSize)) as unknown as number);
    const pageIds = continuation
      ? sql`select numbered.id from (
          select w.id, row_number() over (order by w.window_sort ${forward}, w.id ${forward}) as position
          from ((${windowPart(filter)}) union all (${windowPart(continuation)})) as w
        ) as numbered where numbered.position <= ${sql.placeholder("limit")}`
      : fromStart
        ? (() => {
            const window = windowPart(filter).as("window");
            const numbered = q
              .select({
                id: window.id,
                position:
                  sql<number>`row_number() over (order by ${window.sortValue} ${forward}, ${window.id} ${forward})`.as(
                    "position",
                  ),
              })
              .from(window)
              .as("numbered");
            return sql`select ${numbered.id} from ${numbered} where ${numbered.position} <= ${sql.placeholder("limit")}`;
          })()
        : sql`${q
            .select({ id: patients.id })
            .from(patients)
            .where(filter)
            .orderBy(...order)
            .limit(sql.placeholder("limit"))
            .offset(sql.placeholder("offset"))}`;
    const page = q
      .select({
        json: patientJson.as("json"),
        key: sortKey.as("key"),
        sortValue: sql`${sortColumn}`.as("sort_value"),
        id: patients.id,
      })
      .from(patients)
      .where(sql`${patients.id} in (${pageIds})`)
      .as("page");
    // How many the list holds, in the same query. Without a search it is the maintained total of
    // the scope's buckets (patient_figure_totals: a few rows, where counting the patients costs a
    // scan of every one of them); a code prefix is counted on the prefix index.
    const t = patientFigureTotals;
    // With a form status the buckets hold its count too (patients by status, decision 0031).
    const bucketCount = byStatus
      ? sql`case ${sql.placeholder("formStatus")}::text
          when 'complete' then ${t.patientsComplete} when 'verified' then ${t.patientsVerified}
          when 'in_progress' then ${t.patients} - ${t.patientsComplete} - ${t.patientsVerified}
          else 0 end`
      : sql`${t.patients}`;
    const total = p.search
      ? q
          .select({ n: count() })
          .from(patients)
          .where(listFilter(p.scope.kind, true, byStatus))
      : q
          .select({ n: sql`coalesce(sum(${bucketCount}), 0)` })
          .from(t)
          .where(and(eq(t.studyId, sql.placeholder("studyId")), totalsScopeConditionPrepared(p.scope.kind)));
    return q
      .select({
        total: sql<number>`(${total})`.mapWith(Number),
        itemsJson: sql<string>`coalesce(json_agg(${page.json} order by ${page.sortValue} ${forward}, ${page.id} ${forward}), '[]')::text`,
        rows: sql<number>`count(*)::int`.mapWith(Number),
        lastKey: sql<
          string | null
        >`(array_agg(${page.key} order by ${page.sortValue} ${backward}, ${page.id} ${backward}))[1]`,
        lastId: sql<
          number | null
        >`(array_agg(${page.id} order by ${page.sortValue} ${backward}, ${page.id} ${backward}))[1]`,
      })
      .from(page)
      .prepare(name);
  };
  const values = {
    studyId: p.studyId,
    scopeKey: scopeKey(p.scope),
    limit: p.limit,
    ...(fromStart ? {} : { offset: p.offset }),
    afterKey: p.after?.key ?? null,
    afterId: p.after?.id ?? null,
    ...searchValues(p.search),
    ...(byStatus ? { formStatus: p.formStatus } : {}),
  };
  const [result] = await prepared(tx, variant, build).execute(values);
  if (!result) throw new Error("The patient page query answered no row");
  const { itemsJson, rows, total, lastKey, lastId } = result;
  const full = rows === p.limit && lastKey !== null && lastId !== null;
  return { itemsJson, rows, total, last: full ? { key: lastKey, id: Number(lastId) } : null };
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
