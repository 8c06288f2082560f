/**
 * `signatures.csv` of the study export zip (decisions 0016, 0032): a record per electronic signature
 * of the exported patients (their casebooks and their exported visits), with its manifestation
 * (21 CFR 11.50: the printed name as signed, the instant in UTC with its `Z`, the meaning's key and
 * words) and its state, `valid` or `invalidated` with when and by what change. Pure: the export
 * service reads the signatures in keyset batches and streams each batch's records through this;
 * the same column list drives the README's description and the ODM annotations' JSON, so the three
 * cannot disagree.
 */
import type { CsvDialect } from "@/lib/csv/csv-cells";
import { csvRecord, dialectTextCell } from "./cell-values";
import type { ExportSignature, ExportSignatureCause } from "./export-records";

export const SIGNATURE_EXPORT_COLUMNS = [
  "signature_id",
  "patient_code",
  "entity_type",
  "visit_number",
  "visit_type",
  "signer_id",
  "signer_name",
  "meaning",
  "meaning_text",
  "signed_at",
  "data_hash",
  "state",
  "invalidated_at",
  "invalidated_by_user_id",
  "invalidated_by",
] as const;
export type SignatureExportColumn = (typeof SIGNATURE_EXPORT_COLUMNS)[number];

/**
 * Left out of a de-identified export (decision 0016, as queries.csv leaves out its staff): the
 * staff (signer, changer), the internal id, and the data hash, a SHA-256 of the identified record
 * that anyone holding that record could compute and match, so it would link the row back to it.
 */
const IDENTIFYING: ReadonlySet<SignatureExportColumn> = new Set([
  "signature_id",
  "signer_id",
  "signer_name",
  "data_hash",
  "invalidated_by_user_id",
]);

export function signatureColumns(options: { deidentify: boolean }): SignatureExportColumn[] {
  return SIGNATURE_EXPORT_COLUMNS.filter((column) => !(options.deidentify && IDENTIFYING.has(column)));
}

/** What changed: the record (its id unless de-identified), its visit number and the fields. */
export function causeObject(cause: ExportSignatureCause): Record<string, unknown> {
  return {
    entity_type: cause.entity_type,
    ...(cause.entity_id === null ? {} : { entity_id: cause.entity_id }),
    visit_number: cause.visit_number,
    fields: cause.fields,
  };
}

/** The cause as a compact JSON cell: `{"entity_type":"visit","entity_id":12,"visit_number":2,"fields":["pasi_score"]}`. */
export function causeJson(cause: ExportSignatureCause): string {
  return JSON.stringify(causeObject(cause));
}

/** One signature's value in a column (null: an empty cell), shared by the CSV and the ODM comment. */
export function signatureValue(
  column: Exclude<SignatureExportColumn, "patient_code">,
  signature: ExportSignature,
): string | number | null {
  switch (column) {
    case "signature_id":
      return signature.id;
    case "entity_type":
      return signature.entity_type;
    case "visit_number":
      return signature.visit_number;
    case "visit_type":
      return signature.visit_type;
    case "signer_id":
      return signature.signer_id;
    case "signer_name":
      return signature.signer_name;
    case "meaning":
      return signature.meaning;
    case "meaning_text":
      return signature.meaning_text;
    case "signed_at":
      return signature.signed_at;
    case "data_hash":
      return signature.data_hash;
    case "state":
      return signature.state;
    case "invalidated_at":
      return signature.invalidated_at;
    case "invalidated_by_user_id":
      return signature.invalidated_by_user;
    case "invalidated_by":
      return signature.invalidated_by === null ? null : causeJson(signature.invalidated_by);
  }
}

/** The records of a batch: each patient's signatures in the order they were given. */
export function signatureRecords(
  patients: readonly { code: string; signatures?: readonly ExportSignature[] | undefined }[],
  columns: readonly SignatureExportColumn[],
  dialect: CsvDialect,
): { text: string; records: number } {
  let text = "";
  let records = 0;
  for (const patient of patients) {
    for (const signature of patient.signatures ?? []) {
      const cell = (column: SignatureExportColumn): string => {
        const value = column === "patient_code" ? patient.code : signatureValue(column, signature);
        if (value === null) return "";
        return typeof value === "number" ? String(value) : dialectTextCell(dialect, value);
      };
      text += csvRecord(columns.map(cell), dialect);
      records++;
    }
  }
  return { text, records };
}
