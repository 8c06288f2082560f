/**
 * Maps a config-rule problem (a path into the next study config) back to the dictionary row and
 * column it comes from. Pure.
 */
import type { DictionaryIssue } from "@/lib/schemas/data-dictionary";
import type { Locale } from "@/lib/i18n/locales";
import { textColumn, type DictionaryColumn, type TextColumn } from "./columns";
import { dictionaryMessage } from "./messages";

/** A property kept in a text column: a problem with it is shown at the default language's column. */
const TEXT_PROPERTIES: Record<string, TextColumn> = {
  label: "field_label",
  description: "field_note",
  options: "choices",
};
const FIELD_COLUMNS: Record<string, DictionaryColumn> = {
  name: "variable_name",
  entity: "entity",
  type: "field_type",
  category: "form_name",
  show_in_table: "show_in_table",
  show_in_form: "show_in_form",
  identifier: "identifier",
  sdv_required: "sdv_required",
  order: "order",
  schema: "array_schema",
  show_if: "branching_logic",
  required_if: "required_if",
  enable_if: "enable_if",
};
const VALIDATION_COLUMNS: Record<string, DictionaryColumn> = {
  required: "required",
  min: "validation_min",
  max: "validation_max",
  soft_min: "soft_min",
  soft_max: "soft_max",
  min_length: "min_length",
  max_length: "max_length",
  pattern: "pattern",
};
const CALCULATION_COLUMNS: Record<string, DictionaryColumn> = {
  name: "variable_name",
  formula: "calculation",
};

type Section = "data_fields" | "calculations" | "categories";

export function issueLocation(
  path: readonly (string | number)[],
  message: string,
  rows: Record<Section, readonly (number | null)[]>,
  names: Record<Section, readonly string[]>,
  defaultLanguage: Locale,
): DictionaryIssue {
  const [section, index, key, subKey] = path;
  if (
    (section === "data_fields" || section === "calculations" || section === "categories") &&
    typeof index === "number"
  ) {
    const row = rows[section][index] ?? null;
    let column: DictionaryColumn | null = null;
    const text = typeof key === "string" ? TEXT_PROPERTIES[key] : undefined;
    if (text && section !== "categories") column = textColumn(text, defaultLanguage);
    else if (section === "data_fields" && typeof key === "string")
      column =
        key === "validation" && typeof subKey === "string"
          ? (VALIDATION_COLUMNS[subKey] ?? null)
          : (FIELD_COLUMNS[key] ?? null);
    else if (section === "calculations")
      column = typeof key === "string" ? (CALCULATION_COLUMNS[key] ?? null) : "variable_name";
    if (section === "categories") column = "form_name";
    // A kept entry (not in the file) has no row: the message names it instead.
    const said =
      row === null
        ? dictionaryMessage("notInFile", { name: names[section][index] ?? section, message })
        : message;
    return { row, column, message: said };
  }
  return {
    row: null,
    column: null,
    message: path.length ? dictionaryMessage("atPath", { path: path.join("."), message }) : message,
  };
}
