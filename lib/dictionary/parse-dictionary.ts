/**
 * Reading a dictionary CSV into rows (the header names the columns; every column is required, in
 * any order) and each row into a data field or a calculation. Pure. Every problem names its row
 * (the header is row 1) and column.
 *
 * The study's words have a column per language (decision 0022). A language's text columns may be
 * left out (not translated), and a file written before had one column for each (`field_label`,
 * `choices`, `field_note`): its words are the study's default language's.
 */
import type { DictionaryIssue } from "@/lib/schemas/data-dictionary";
import {
  FIELD_ENTITIES,
  FIELD_TYPES,
  type CalculationDocument,
  type Condition,
  type DataFieldDocument,
  type FieldValidation,
} from "@/lib/schemas/study-config";
import { parseNumber } from "@/lib/forms/parse-number";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { storedText, type StudyText } from "@/lib/schemas/study-text";
import { parseChoices } from "./choices-text";
import {
  CALC_COLUMNS,
  CALC_TYPE,
  DICTIONARY_COLUMNS,
  parseFlag,
  TEXT_COLUMNS,
  textColumn,
  type DictionaryColumn,
  type DictionaryRow,
} from "./columns";
import { parseConditionText } from "./condition-text";
import { readCsv } from "./csv";
import { parseFormulaText } from "./formula-text";
import { dictionaryMessage } from "./messages";

/** More rows than any study needs; bounds the work of a preview. */
export const MAX_DICTIONARY_ROWS = 5000;

export type DictionaryParse = {
  rows: DictionaryRow[];
  issues: DictionaryIssue[];
  /** The optional columns the file leaves out (their cells read as blank). */
  absent: DictionaryColumn[];
};

/**
 * The columns a file may leave out: a language's texts (blank, not translated), and the columns
 * added since the first files were written (the plausible range, decision 0024; 'SDV required',
 * decision 0031).
 */
const OPTIONAL_COLUMNS: ReadonlySet<string> = new Set([
  ...TEXT_COLUMNS.flatMap((text) => LOCALES.map((locale) => textColumn(text, locale))),
  "soft_min",
  "soft_max",
  "sdv_required",
]);

export function parseDictionaryCsv(text: string, defaultLanguage: Locale): DictionaryParse {
  const read = readCsv(text);
  if (!read.ok)
    return { rows: [], issues: [{ row: read.row, column: null, message: read.message }], absent: [] };
  const [header, ...records] = read.records;
  if (!header)
    return {
      rows: [],
      issues: [{ row: null, column: null, message: dictionaryMessage("noHeader") }],
      absent: [],
    };
  const legacy = new Set<string>(TEXT_COLUMNS);
  const names = header.cells
    .map((c) => c.trim())
    .map((name) =>
      legacy.has(name) ? textColumn(name as (typeof TEXT_COLUMNS)[number], defaultLanguage) : name,
    );
  const issues: DictionaryIssue[] = [];
  const known = new Set<string>(DICTIONARY_COLUMNS);
  const seen = new Set<string>();
  for (const name of names) {
    if (!known.has(name))
      issues.push({
        row: header.row,
        column: name,
        message: dictionaryMessage("unknownColumn", { column: name }),
      });
    else if (seen.has(name))
      issues.push({
        row: header.row,
        column: name,
        message: dictionaryMessage("columnTwice", { column: name }),
      });
    seen.add(name);
  }
  for (const column of DICTIONARY_COLUMNS)
    if (!seen.has(column) && !OPTIONAL_COLUMNS.has(column))
      issues.push({ row: header.row, column, message: dictionaryMessage("missingColumn", { column }) });
  if (issues.length) return { rows: [], issues, absent: [] };
  const absent = DICTIONARY_COLUMNS.filter((column) => !seen.has(column));
  if (records.length > MAX_DICTIONARY_ROWS)
    return {
      rows: [],
      absent,
      issues: [
        {
          row: null,
          column: null,
          message: dictionaryMessage("tooManyRows", { max: String(MAX_DICTIONARY_ROWS) }),
        },
      ],
    };
  const rows: DictionaryRow[] = [];
  for (const record of records) {
    if (record.cells.length !== names.length) {
      issues.push({
        row: record.row,
        column: null,
        message: dictionaryMessage("cellCount", { cells: record.cells.length, header: names.length }),
      });
      continue;
    }
    const row = { row: record.row } as DictionaryRow;
    for (const column of OPTIONAL_COLUMNS) row[column as DictionaryColumn] = "";
    names.forEach((name, i) => (row[name as DictionaryColumn] = record.cells[i]!));
    rows.push(row);
  }
  return { rows, issues, absent };
}

export type RowEntry =
  | { kind: "field"; row: number; field: DataFieldDocument }
  | { kind: "calculation"; row: number; calculation: CalculationDocument };

export type RowResult = { ok: true; entry: RowEntry } | { ok: false; issues: DictionaryIssue[] };

/** A text of the row in its stored form: plain when only the default language has words. */
function rowText(row: DictionaryRow, text: "field_label" | "field_note", defaultLanguage: Locale): StudyText {
  const [it, en] = [row[textColumn(text, "it")], row[textColumn(text, "en")]];
  return storedText({ it, en }, defaultLanguage);
}

/** One row as a data field or a calculation, or the problems of its cells. */
export function rowEntry(row: DictionaryRow, defaultLanguage: Locale): RowResult {
  const issues: DictionaryIssue[] = [];
  const fail = (column: DictionaryColumn, message: string) => issues.push({ row: row.row, column, message });
  const label = rowText(row, "field_label", defaultLanguage);
  const note = rowText(row, "field_note", defaultLanguage);
  if (!row.variable_name.trim()) fail("variable_name", dictionaryMessage("variableNameRequired"));
  else if (row.variable_name !== row.variable_name.trim())
    fail("variable_name", dictionaryMessage("variableNameSpaces", { name: row.variable_name }));
  const type = row.field_type.trim();
  if (type === CALC_TYPE) {
    for (const column of DICTIONARY_COLUMNS)
      if (!CALC_COLUMNS.has(column) && row[column] !== "")
        fail(column, dictionaryMessage("blankOnCalculation", { column }));
    const formula = parseFormulaText(row.calculation);
    if (!row.calculation.trim()) fail("calculation", dictionaryMessage("calculationNeedsFormula"));
    else if (!formula.ok) fail("calculation", formula.error);
    if (issues.length || !formula.ok) return { ok: false, issues };
    const calculation: CalculationDocument = { name: row.variable_name, label, formula: formula.formula };
    if (note !== "") calculation.description = note;
    return { ok: true, entry: { kind: "calculation", row: row.row, calculation } };
  }
  if (!(FIELD_TYPES as readonly string[]).includes(type))
    fail(
      "field_type",
      dictionaryMessage("unknownFieldType", {
        type: row.field_type,
        types: [...FIELD_TYPES, CALC_TYPE].join(", "),
      }),
    );
  const entity = row.entity.trim();
  if (!(FIELD_ENTITIES as readonly string[]).includes(entity)) fail("entity", dictionaryMessage("entity"));
  if (row.calculation) fail("calculation", dictionaryMessage("calculationOnlyForCalc"));
  const field = { entity, name: row.variable_name, label, type } as DataFieldDocument;
  if (row.form_name) field.category = row.form_name;
  if (note !== "") field.description = note;
  const options = rowOptions(row, defaultLanguage, fail);
  if (options) field.options = options;
  const validation: FieldValidation = {};
  const number = (column: DictionaryColumn, integer: boolean) => {
    if (row[column] === "") return undefined;
    const value = parseNumber(row[column]);
    if (value === undefined || (integer && (!Number.isInteger(value) || value < 0))) {
      fail(
        column,
        dictionaryMessage(integer ? "notWholeNumber" : "notNumber", { column, value: row[column] }),
      );
      return undefined;
    }
    return row[column] === "-0" ? -0 : value;
  };
  const min = number("validation_min", false);
  const max = number("validation_max", false);
  const softMin = number("soft_min", false);
  const softMax = number("soft_max", false);
  const minLength = number("min_length", true);
  const maxLength = number("max_length", true);
  const required = flag(row, "required", fail);
  if (required !== undefined) validation.required = required;
  if (min !== undefined) validation.min = min;
  if (max !== undefined) validation.max = max;
  if (softMin !== undefined) validation.soft_min = softMin;
  if (softMax !== undefined) validation.soft_max = softMax;
  if (minLength !== undefined) validation.min_length = minLength;
  if (maxLength !== undefined) validation.max_length = maxLength;
  if (row.pattern) validation.pattern = row.pattern;
  if (Object.keys(validation).length) field.validation = validation;
  const showInTable = flag(row, "show_in_table", fail);
  const showInForm = flag(row, "show_in_form", fail);
  const identifier = flag(row, "identifier", fail);
  const sdvRequired = flag(row, "sdv_required", fail);
  if (showInTable !== undefined) field.show_in_table = showInTable;
  if (showInForm !== undefined) field.show_in_form = showInForm;
  if (identifier !== undefined) field.identifier = identifier;
  if (sdvRequired !== undefined) field.sdv_required = sdvRequired;
  const order = number("order", false);
  if (order !== undefined) field.order = order;
  if (row.array_schema) {
    try {
      const schema: unknown = JSON.parse(row.array_schema);
      if (schema && typeof schema === "object" && !Array.isArray(schema))
        field.schema = schema as DataFieldDocument["schema"];
      else fail("array_schema", dictionaryMessage("arraySchemaObject"));
    } catch {
      fail("array_schema", dictionaryMessage("arraySchemaJson"));
    }
  }
  const conditions: [DictionaryColumn, "show_if" | "required_if" | "enable_if"][] = [
    ["branching_logic", "show_if"],
    ["required_if", "required_if"],
    ["enable_if", "enable_if"],
  ];
  for (const [column, key] of conditions) {
    if (!row[column].trim()) continue;
    const parsed = parseConditionText(row[column]);
    if (parsed.ok) field[key] = parsed.condition as Condition;
    else fail(column, parsed.error);
  }
  if (issues.length) return { ok: false, issues };
  return { ok: true, entry: { kind: "field", row: row.row, field } };
}

function flag(row: DictionaryRow, column: DictionaryColumn, fail: (c: DictionaryColumn, m: string) => void) {
  const parsed = parseFlag(row[column]);
  if (parsed.ok) return parsed.value;
  fail(column, dictionaryMessage("flag", { column, value: row[column] }));
  return undefined;
}

/**
 * The options from each language's choices column: the same codes in the same order, each label in
 * its stored form. A language whose column is blank is not translated.
 */
function rowOptions(
  row: DictionaryRow,
  defaultLanguage: Locale,
  fail: (c: DictionaryColumn, m: string) => void,
): DataFieldDocument["options"] {
  const lists = new Map<Locale, { value: string; label: string }[]>();
  for (const locale of LOCALES) {
    const column = textColumn("choices", locale);
    if (!row[column]) continue;
    const choices = parseChoices(row[column]);
    if (choices.ok) lists.set(locale, choices.options);
    else fail(column, choices.error);
  }
  if (lists.size === 0) return undefined;
  const [first, ...others] = [...lists.entries()];
  const codes = first![1].map((o) => o.value);
  for (const [locale, options] of others)
    if (options.length !== codes.length || options.some((o, i) => o.value !== codes[i])) {
      fail(
        textColumn("choices", locale),
        dictionaryMessage("choicesSameCodes", {
          column: textColumn("choices", locale),
          other: textColumn("choices", first![0]),
        }),
      );
      return undefined;
    }
  return codes.map((value, i) => {
    const texts = { it: lists.get("it")?.[i]!.label ?? "", en: lists.get("en")?.[i]!.label ?? "" };
    return { value, label: storedText(texts, defaultLanguage) };
  });
}
