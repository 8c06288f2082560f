/**
 * What the import reader hands the server for each patient of a file (docs/decisions/0037): the
 * cells converted into the form engine's input shape, not yet validated. Pure types.
 *
 * Only cells that had a value are here: an empty cell is no key at all, so an import never erases
 * a stored value (REDCap's "normal" overwrite mode). A cell that could not be converted into its
 * column's type is passed on as its text, so the form engine refuses it with its own message.
 */

/** A problem of the file itself (its columns, rows and layout), with the file's record number. */
export type ImportIssue = {
  /** The file's record number (the header is 1); null for the file as a whole. */
  row: number | null;
  /** The header name of the column at fault, if one. */
  column: string | null;
  /** The study field concerned, if one. */
  field: string | null;
  /** The catalogue key under `api.imports` (`unknownColumn`, `duplicateVisit`, …). */
  code: string;
  /** A message reference (lib/i18n/message-ref.ts) to `api.imports.{code}`. */
  message: string;
  /** A blocking issue stops the import; the others are warnings the preview shows. */
  blocking: boolean;
};

export type ImportedPatient = {
  /** The records the patient's cells came from. */
  rows: number[];
  code: string;
  /** The medical group's code, as written (the server looks it up). */
  medical_group?: string;
  /**
   * The standard columns (birth_date, sex, height_cm, weight_kg, naive_systemic, naive_biologic)
   * and the study's patient fields, by name.
   */
  values: Record<string, unknown>;
  /** Field → missing-data code (docs/decisions/0023). */
  missing: Record<string, string>;
};

export type ImportedVisit = {
  row: number;
  /** A whole number as written; the cell's text when it is not one (the server refuses it). */
  visit_number: number | string;
  visit_date?: string;
  /** A visit type code of the study; absent when the file names none, or one the study lacks. */
  visit_type?: string;
  /** The visit fields by name, and `therapy_switch` (lib/forms/therapy-switch.ts) when answered. */
  data_fields: Record<string, unknown>;
  missing: Record<string, string>;
};

/** One patient of the file with its visits and the file issues of its rows. */
export type ImportedGroup = { patient: ImportedPatient; visits: ImportedVisit[]; issues: ImportIssue[] };
