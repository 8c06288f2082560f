/**
 * The study's data dictionary as CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark so spreadsheets
 * read accents right). Pure: the server's download and any client may call it.
 */
import type { Calculation, DataField, StudyConfig } from "@/lib/schemas/study-config";
import { formatChoices } from "./choices-text";
import { CALC_TYPE, DICTIONARY_COLUMNS, formatFlag, type DictionaryColumn } from "./columns";
import { formatCondition } from "./condition-text";
import { csvRecord } from "./csv";
import { formatFormula } from "./formula-text";

const BOM = "\uFEFF";

const num = (value: number | undefined) =>
  value === undefined ? "" : Object.is(value, -0) ? "-0" : String(value);

export function fieldCells(field: DataField): Record<DictionaryColumn, string> {
  const v = field.validation;
  return {
    variable_name: field.name,
    entity: field.entity,
    form_name: field.category ?? "",
    field_type: field.type,
    field_label: field.label,
    choices: field.options?.length ? formatChoices(field.options) : "",
    field_note: field.description ?? "",
    validation_min: num(v?.min),
    validation_max: num(v?.max),
    min_length: num(v?.min_length),
    max_length: num(v?.max_length),
    pattern: v?.pattern ?? "",
    required: formatFlag(v?.required),
    identifier: formatFlag(field.identifier),
    branching_logic: field.show_if ? formatCondition(field.show_if) : "",
    required_if: field.required_if ? formatCondition(field.required_if) : "",
    enable_if: field.enable_if ? formatCondition(field.enable_if) : "",
    calculation: "",
    order: num(field.order),
    show_in_table: formatFlag(field.show_in_table),
    show_in_form: formatFlag(field.show_in_form),
    array_schema: field.schema && Object.keys(field.schema).length ? JSON.stringify(field.schema) : "",
  };
}

export function calculationCells(calculation: Calculation): Record<DictionaryColumn, string> {
  const cells = Object.fromEntries(DICTIONARY_COLUMNS.map((c) => [c, ""])) as Record<
    DictionaryColumn,
    string
  >;
  return {
    ...cells,
    variable_name: calculation.name,
    field_type: CALC_TYPE,
    field_label: calculation.label,
    field_note: calculation.description ?? "",
    calculation: formatFormula(calculation.formula),
  };
}

export function dictionaryCsv(config: StudyConfig): string {
  const lines = [csvRecord(DICTIONARY_COLUMNS)];
  for (const field of config.data_fields) {
    const cells = fieldCells(field);
    lines.push(csvRecord(DICTIONARY_COLUMNS.map((c) => cells[c])));
  }
  for (const calculation of config.calculations) {
    const cells = calculationCells(calculation);
    lines.push(csvRecord(DICTIONARY_COLUMNS.map((c) => cells[c])));
  }
  return BOM + lines.join("");
}
