/**
 * The study's data dictionary as CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark so spreadsheets
 * read accents right). Pure: the server's download and any client may call it.
 */
import type { CalculationDocument, DataFieldDocument, StudyConfigDocument } from "@/lib/schemas/study-config";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { textByLanguage, type StudyText } from "@/lib/schemas/study-text";
import { formatChoices } from "./choices-text";
import {
  CALC_TYPE,
  DICTIONARY_COLUMNS,
  formatFlag,
  textColumn,
  type DictionaryColumn,
  type TextColumn,
} from "./columns";
import { formatCondition } from "./condition-text";
import { csvRecord } from "./csv";
import { formatFormula } from "./formula-text";

const BOM = "\uFEFF";

const num = (value: number | undefined) =>
  value === undefined ? "" : Object.is(value, -0) ? "-0" : String(value);

/** A text's column in each language: a plain one is the study's default language's (decision 0022). */
function textCells(column: TextColumn, text: StudyText | undefined, defaultLanguage: Locale) {
  const texts = textByLanguage(text, defaultLanguage);
  return Object.fromEntries(LOCALES.map((locale) => [textColumn(column, locale), texts[locale]])) as Record<
    `${TextColumn}_${Locale}`,
    string
  >;
}

/** Each language's choices: every code, with its label in that language (blank: not translated). */
function choiceCells(options: DataFieldDocument["options"], defaultLanguage: Locale) {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const labelled = (options ?? []).map((o) => ({
        value: o.value,
        label: textByLanguage(o.label, defaultLanguage)[locale],
      }));
      // The default language's column lists every option; the other's only a translated list.
      const written =
        labelled.length > 0 && (locale === defaultLanguage || labelled.some((o) => o.label !== ""));
      return [textColumn("choices", locale), written ? formatChoices(labelled) : ""];
    }),
  ) as Record<`choices_${Locale}`, string>;
}

export function fieldCells(
  field: DataFieldDocument,
  defaultLanguage: Locale,
): Record<DictionaryColumn, string> {
  const v = field.validation;
  return {
    variable_name: field.name,
    entity: field.entity,
    form_name: field.category ?? "",
    field_type: field.type,
    ...textCells("field_label", field.label, defaultLanguage),
    ...choiceCells(field.options, defaultLanguage),
    ...textCells("field_note", field.description, defaultLanguage),
    validation_min: num(v?.min),
    validation_max: num(v?.max),
    soft_min: num(v?.soft_min),
    soft_max: num(v?.soft_max),
    min_length: num(v?.min_length),
    max_length: num(v?.max_length),
    pattern: v?.pattern ?? "",
    required: formatFlag(v?.required),
    identifier: formatFlag(field.identifier),
    sdv_required: formatFlag(field.sdv_required),
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

export function calculationCells(
  calculation: CalculationDocument,
  defaultLanguage: Locale,
): Record<DictionaryColumn, string> {
  const cells = Object.fromEntries(DICTIONARY_COLUMNS.map((c) => [c, ""])) as Record<
    DictionaryColumn,
    string
  >;
  return {
    ...cells,
    variable_name: calculation.name,
    field_type: CALC_TYPE,
    ...textCells("field_label", calculation.label, defaultLanguage),
    ...textCells("field_note", calculation.description, defaultLanguage),
    calculation: formatFormula(calculation.formula),
  };
}

export function dictionaryCsv(config: StudyConfigDocument, defaultLanguage: Locale): string {
  const lines = [csvRecord(DICTIONARY_COLUMNS)];
  for (const field of config.data_fields) {
    const cells = fieldCells(field, defaultLanguage);
    lines.push(csvRecord(DICTIONARY_COLUMNS.map((c) => cells[c])));
  }
  for (const calculation of config.calculations) {
    const cells = calculationCells(calculation, defaultLanguage);
    lines.push(csvRecord(DICTIONARY_COLUMNS.map((c) => cells[c])));
  }
  return BOM + lines.join("");
}
