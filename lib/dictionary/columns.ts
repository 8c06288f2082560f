import type { Locale } from "@/lib/i18n/locales";

/**
 * The dictionary's columns, in file order (docs/data-dictionary.md describes each). Pure.
 * One row per data field (patient and visit) and one per calculation (field_type `calc`).
 * The study's words have a column per language (decision 0022).
 */
export const DICTIONARY_COLUMNS = [
  "variable_name",
  "entity",
  "form_name",
  "field_type",
  "field_label_it",
  "field_label_en",
  "choices_it",
  "choices_en",
  "field_note_it",
  "field_note_en",
  "validation_min",
  "validation_max",
  // The plausible range (decision 0024); optional on import, so files written before still read.
  "soft_min",
  "soft_max",
  "min_length",
  "max_length",
  "pattern",
  "required",
  "identifier",
  // 'SDV required' (decision 0031); optional on import: a file without it leaves the flags as they are.
  "sdv_required",
  "branching_logic",
  "required_if",
  "enable_if",
  "calculation",
  "order",
  "show_in_table",
  "show_in_form",
  "array_schema",
] as const;
export type DictionaryColumn = (typeof DICTIONARY_COLUMNS)[number];

/** The texts with a column per language, and the one column files written before had for each. */
export const TEXT_COLUMNS = ["field_label", "choices", "field_note"] as const;
export type TextColumn = (typeof TEXT_COLUMNS)[number];
export const textColumn = (text: TextColumn, locale: Locale) => `${text}_${locale}` as DictionaryColumn;

/** A parsed data row: every column's text (blank = ""), and its row number in the file. */
export type DictionaryRow = { row: number } & Record<DictionaryColumn, string>;

/** The field_type of a calculation row. */
export const CALC_TYPE = "calc";

/** The columns a calculation row may fill; the others must be blank. */
export const CALC_COLUMNS: ReadonlySet<DictionaryColumn> = new Set([
  "variable_name",
  "field_type",
  "field_label_it",
  "field_label_en",
  "field_note_it",
  "field_note_en",
  "calculation",
]);

/** Yes/no cells: written y / n; read y, yes, true, 1 / n, no, false, 0 (any case); blank = not set. */
export function formatFlag(value: boolean | undefined): string {
  return value === undefined ? "" : value ? "y" : "n";
}

export function parseFlag(text: string): { ok: true; value: boolean | undefined } | { ok: false } {
  const t = text.trim().toLowerCase();
  if (t === "") return { ok: true, value: undefined };
  if (["y", "yes", "true", "1"].includes(t)) return { ok: true, value: true };
  if (["n", "no", "false", "0"].includes(t)) return { ok: true, value: false };
  return { ok: false };
}
