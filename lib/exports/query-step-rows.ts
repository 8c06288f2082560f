/**
 * The records of a data-query CSV (decision 0030): one per step of each thread, the thread's oldest
 * step first. Pure, and the one writer of both files that carry queries: `GET /api/queries/export`
 * and the study export zip's `queries.csv` (decision 0016), so the two cannot disagree. Their columns
 * are `QUERY_EXPORT_COLUMNS`; a de-identified study export leaves the staff columns out and numbers
 * the threads within the file instead of giving their ids (see `queryStepColumns`).
 */
import type { CsvDialect } from "@/lib/csv/csv-cells";
import { QUERY_EXPORT_COLUMNS } from "@/lib/schemas/queries";
import { csvRecord, dialectTextCell } from "./cell-values";
import type { ExportQuery, ExportQueryStep } from "./export-records";

export type QueryExportColumn = (typeof QUERY_EXPORT_COLUMNS)[number];

/** Staff: who a query is assigned to and who wrote a step. A de-identified export names none. */
const STAFF_COLUMNS: ReadonlySet<QueryExportColumn> = new Set(["assignee_id", "step_author"]);

/**
 * The columns of a query CSV. De-identified (decision 0016): without the staff columns; `query_id`
 * then holds the thread's number within the file (1, 2, 3… in file order), as `patient_code` holds
 * the pseudonym: an internal id would lead back to the identified record.
 */
export function queryStepColumns(options: { deidentify: boolean }): QueryExportColumn[] {
  return QUERY_EXPORT_COLUMNS.filter((column) => !(options.deidentify && STAFF_COLUMNS.has(column)));
}

/** One thread to write: the query, the code (or pseudonym) of its patient, the id the file shows. */
export type QueryThread = { queryId: number; patientCode: string; query: ExportQuery };

/** The records of the threads, a record per step, in the given column order. */
export function queryStepRecords(
  threads: readonly QueryThread[],
  columns: readonly QueryExportColumn[],
  dialect: CsvDialect,
): { text: string; records: number } {
  let out = "";
  let records = 0;
  for (const thread of threads) {
    for (const step of thread.query.steps) {
      out += csvRecord(
        columns.map((column) => cellOf(column, thread, step, dialect)),
        dialect,
      );
      records++;
    }
  }
  return { text: out, records };
}

function cellOf(
  column: QueryExportColumn,
  { queryId, patientCode, query }: QueryThread,
  step: ExportQueryStep,
  dialect: CsvDialect,
): string {
  const text = (value: string | null) => (value === null ? "" : dialectTextCell(dialect, value));
  const number = (value: number | null) => (value === null ? "" : String(value));
  switch (column) {
    case "query_id":
      return number(queryId);
    case "patient_code":
      return text(patientCode);
    case "entity_type":
      return query.entity_type;
    case "visit_number":
      return number(query.visit_number);
    case "visit_type":
      return text(query.visit_type);
    case "field":
      return text(query.field);
    case "query_status":
      return query.status;
    case "assignee_id":
      return number(query.assignee_id);
    case "step_kind":
      return step.kind;
    case "step_category":
      return step.category ?? "";
    case "step_text":
      return text(step.text);
    case "step_author":
      return text(step.user_name);
    case "step_time":
      return step.created_at;
    case "days_open":
      return number(query.days_open);
  }
}
