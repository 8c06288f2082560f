/**
 * Maps a config-rule problem (a path into the next study config) back to the dictionary row and
 * column it comes from. Pure.
 */
import type { DictionaryIssue } from "@/lib/schemas/data-dictionary";
import type { DictionaryColumn } from "./columns";
import { dictionaryMessage } from "./messages";

const FIELD_COLUMNS: Record<string, DictionaryColumn> = {
  name: "variable_name",
  entity: "entity",
  label: "field_label",
  type: "field_type",
  category: "form_name",
  description: "field_note",
  options: "choices",
  show_in_table: "show_in_table",
  show_in_form: "show_in_form",
  identifier: "identifier",
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
  min_length: "min_length",
  max_length: "max_length",
  pattern: "pattern",
};
const CALCULATION_COLUMNS: Record<string, DictionaryColumn> = {
  name: "variable_name",
  label: "field_label",
  description: "field_note",
  formula: "calculation",
};

type Section = "data_fields" | "calculations" | "categories";

export function issueLocation(
  path: readonly (string | number)[],
  message: string,
  rows: Record<Section, readonly (number | null)[]>,
  names: Record<Section, readonly string[]>,
): DictionaryIssue {
  const [section, index, key, subKey] = path;
  if (
    (section === "data_fields" || section === "calculations" || section === "categories") &&
    typeof index === "number"
  ) {
    const row = rows[section][index] ?? null;
    let column: DictionaryColumn | null = null;
    if (section === "data_fields" && typeof key === "string")
      column =
        key === "validation" && typeof subKey === "string"
          ? (VALIDATION_COLUMNS[subKey] ?? null)
          : (FIELD_COLUMNS[key] ?? null);
    if (section === "calculations")
      column = typeof key === "string" ? (CALCULATION_COLUMNS[key] ?? null) : "variable_name";
    if (section === "categories") column = "form_name";
    // A kept entry (not in the file) has no row: the message names it instead.
    const text =
      row === null
        ? dictionaryMessage("notInFile", { name: names[section][index] ?? section, message })
        : message;
    return { row, column, message: text };
  }
  return {
    row: null,
    column: null,
    message: path.length ? dictionaryMessage("atPath", { path: path.join("."), message }) : message,
  };
}
