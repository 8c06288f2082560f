/**
 * The review files of the study export zip (decisions 0016, 0031): `verification.csv`, a record per
 * field holding a verification entry, and `form_status.csv`, a record per exported record (each
 * patient, then its exported visits). Pure: the export service reads the patients in keyset
 * batches and streams each batch's records through these. The same column lists drive the
 * README's description of the files, so the two cannot disagree.
 *
 * Form status lives in a file of its own rather than in the data file's columns: the data file's
 * patient columns mirror a study field of the same name and its visit columns are renamed `__2` on
 * a clash, so a new `form_status` column there could hide or rename a study's own field of that
 * name (and the R and Python scripts written against it); a separate file changes nothing there.
 */
import type { CsvDialect } from "@/lib/csv/csv-cells";
import { csvRecord, dialectTextCell } from "./cell-values";
import type { ExportReview, ExportReviewPatient } from "./export-records";

export const VERIFICATION_COLUMNS = [
  "patient_id",
  "patient_code",
  "entity",
  "visit_id",
  "visit_number",
  "field",
  "state",
  "verified_by",
  "verified_by_email",
  "verified_at",
  "cleared_by",
  "cleared_by_email",
  "cleared_at",
] as const;
export type VerificationColumn = (typeof VERIFICATION_COLUMNS)[number];

export const FORM_STATUS_COLUMNS = [
  "patient_id",
  "patient_code",
  "entity",
  "visit_id",
  "visit_number",
  "form_status",
  "completed_at",
  "completed_by",
  "completed_by_email",
] as const;
export type FormStatusColumn = (typeof FORM_STATUS_COLUMNS)[number];

/** Internal ids and staff: left out of a de-identified export (decision 0016), like the data's ids. */
const IDENTIFYING: ReadonlySet<string> = new Set([
  "patient_id",
  "visit_id",
  "verified_by",
  "verified_by_email",
  "cleared_by",
  "cleared_by_email",
  "completed_by",
  "completed_by_email",
]);

export function verificationColumns(options: { deidentify: boolean }): VerificationColumn[] {
  return VERIFICATION_COLUMNS.filter((column) => !(options.deidentify && IDENTIFYING.has(column)));
}

export function formStatusColumns(options: { deidentify: boolean }): FormStatusColumn[] {
  return FORM_STATUS_COLUMNS.filter((column) => !(options.deidentify && IDENTIFYING.has(column)));
}

/** Every staff member a batch's review rows name, for their e-mail addresses. */
export function reviewStaffIds(patients: readonly ExportReviewPatient[]): number[] {
  const ids = new Set<number>();
  const add = (review: ExportReview) => {
    if (review.completed_by !== null) ids.add(review.completed_by);
    for (const entry of review.verification) {
      if (entry.verified_by !== null) ids.add(entry.verified_by);
      if (entry.cleared_by !== null) ids.add(entry.cleared_by);
    }
  };
  for (const patient of patients) {
    add(patient.review);
    for (const visit of patient.visits) add(visit.review);
  }
  return [...ids];
}

type RecordOf = {
  patient: ExportReviewPatient;
  entity: "patient" | "visit";
  visit: ExportReviewPatient["visits"][number] | null;
};

/** Each record of the batch: the patient's own, then its visits in visit-number order. */
function* recordsOf(
  patients: readonly ExportReviewPatient[],
): Generator<RecordOf & { review: ExportReview }> {
  for (const patient of patients) {
    yield { patient, entity: "patient", visit: null, review: patient.review };
    for (const visit of patient.visits) yield { patient, entity: "visit", visit, review: visit.review };
  }
}

function cells(dialect: CsvDialect, emails: ReadonlyMap<number, string>) {
  return {
    text: (value: string | null) => (value === null ? "" : dialectTextCell(dialect, value)),
    number: (value: number | null) => (value === null ? "" : String(value)),
    email: (id: number | null) => {
      const email = id === null ? undefined : emails.get(id);
      return email === undefined ? "" : dialectTextCell(dialect, email);
    },
  };
}

function recordCell(
  column: "patient_id" | "patient_code" | "entity" | "visit_id" | "visit_number",
  record: RecordOf,
  c: ReturnType<typeof cells>,
): string {
  switch (column) {
    case "patient_id":
      return c.number(record.patient.id);
    case "patient_code":
      return c.text(record.patient.code);
    case "entity":
      return record.entity;
    case "visit_id":
      return c.number(record.visit?.id ?? null);
    case "visit_number":
      return c.number(record.visit?.visit_number ?? null);
  }
}

/** verification.csv: a record per verified or cleared field, by record and then field name. */
export function verificationRecords(
  patients: readonly ExportReviewPatient[],
  columns: readonly VerificationColumn[],
  dialect: CsvDialect,
  emails: ReadonlyMap<number, string>,
): { text: string; records: number } {
  const c = cells(dialect, emails);
  let text = "";
  let records = 0;
  for (const record of recordsOf(patients)) {
    for (const entry of record.review.verification) {
      const cell = (column: VerificationColumn): string => {
        switch (column) {
          case "field":
            return c.text(entry.field);
          case "state":
            return entry.state;
          case "verified_by":
            return c.number(entry.verified_by);
          case "verified_by_email":
            return c.email(entry.verified_by);
          case "verified_at":
            return entry.verified_at;
          case "cleared_by":
            return c.number(entry.cleared_by);
          case "cleared_by_email":
            return c.email(entry.cleared_by);
          case "cleared_at":
            return entry.cleared_at ?? "";
          default:
            return recordCell(column, record, c);
        }
      };
      text += csvRecord(columns.map(cell), dialect);
      records++;
    }
  }
  return { text, records };
}

/** form_status.csv: a record per exported patient and visit. */
export function formStatusRecords(
  patients: readonly ExportReviewPatient[],
  columns: readonly FormStatusColumn[],
  dialect: CsvDialect,
  emails: ReadonlyMap<number, string>,
): { text: string; records: number } {
  const c = cells(dialect, emails);
  let text = "";
  let records = 0;
  for (const record of recordsOf(patients)) {
    const { review } = record;
    const cell = (column: FormStatusColumn): string => {
      switch (column) {
        case "form_status":
          return review.form_status;
        case "completed_at":
          return review.completed_at ?? "";
        case "completed_by":
          return c.number(review.completed_by);
        case "completed_by_email":
          return c.email(review.completed_by);
        default:
          return recordCell(column, record, c);
      }
    };
    text += csvRecord(columns.map(cell), dialect);
    records++;
  }
  return { text, records };
}

/** The header record of a review file (the data file's dialect; no byte-order mark but the dialect's). */
export function reviewHeader(columns: readonly string[], dialect: CsvDialect): string {
  return (
    dialect.bom +
    csvRecord(
      columns.map((column) => dialectTextCell(dialect, column)),
      dialect,
    )
  );
}
