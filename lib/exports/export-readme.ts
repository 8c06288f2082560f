/**
 * The README.md of the export zip (decision 0016): what the data file is, how its cells are written (the
 * rules of `cell-values.ts`, in plain words), what de-identification did, and a table of every
 * column. Pure. Generated from the same column list as the CSV and the loaders, so the three agree.
 *
 * Names, labels, codes and filter values come from the study and may hold any character: they are
 * escaped for Markdown (and `|` / line breaks for table cells), so a label can neither break the
 * column table nor add links, HTML or formatting to the document.
 */
import type { CsvFormat } from "@/lib/csv/csv-cells";
import type { ValueMode } from "./cell-values";
import type { ColumnType, ExportColumn } from "./columns";

export type ExportReadmeParams = {
  studyName: string;
  studyCode: string;
  format: "csv-long" | "csv-wide";
  valueMode: ValueMode;
  /** The data file's CSV format (docs/decisions/0021); `comma` when absent. */
  csvFormat?: CsvFormat | undefined;
  deidentified: boolean;
  /** ISO 8601 instant the export was made. */
  generatedAt: string;
  rowCount?: number | undefined;
  columns: readonly ExportColumn[];
  filters: Record<string, unknown>;
  files: { data: string; dictionary: string; python: string; r: string };
};

export function exportReadme(p: ExportReadmeParams): string {
  const sections = [
    `# ${text(p.studyName)} (${text(p.studyCode)}): data export`,
    [
      `Generated ${text(p.generatedAt)} from the clinical data registry.`,
      p.rowCount === undefined
        ? ""
        : ` ${p.rowCount} data ${p.rowCount === 1 ? "row" : "rows"} (not counting the header).`,
      ` Values: ${p.valueMode === "codes" ? "option codes" : "option labels"}.`,
      ` ${p.deidentified ? "De-identified." : "**Not de-identified.**"}`,
    ].join(""),
    filesSection(p),
    layoutSection(p),
    cellSection(p.valueMode, p.csvFormat === "semicolon"),
    typesSection(p.valueMode),
    p.deidentified ? DEIDENTIFIED : IDENTIFIABLE,
    filtersSection(p.filters),
    columnsSection(p),
  ];
  return `${sections.join("\n\n")}\n`;
}

function filesSection(p: ExportReadmeParams): string {
  const { data, dictionary, python, r } = p.files;
  return [
    "## Files",
    "",
    p.csvFormat === "semicolon"
      ? `- ${code(data)}: the data, a CSV file for Excel where the decimal mark is a comma (UTF-8 with a ` +
        "byte-order mark, semicolon-separated, decimal commas; otherwise RFC 4180)."
      : `- ${code(data)}: the data, a CSV file (UTF-8, comma-separated, RFC 4180).`,
    `- ${code(dictionary)}: the study's data dictionary (every field with its type, options and rules).`,
    `- ${code(python)}: reads the CSV with pandas and the right types. Run it (${code(`python3 ${python}`)}) for a ` +
      `summary, or import it and call \`load()\` for the DataFrame.`,
    `- ${code(r)}: reads the CSV with base R and the right types. Run it (${code(`Rscript ${r}`)}) for a ` +
      `summary, or \`source()\` it and call \`load_export()\` for the data frame.`,
    "",
    "Keep the scripts next to the CSV: they read it from their own folder. Both read every cell as text " +
      "first and then convert each column by its type below, so nothing is guessed; a cell that does not " +
      "read as its column's type stops the loader with a message naming it (`strict = FALSE` reads it as " +
      "missing, with a warning).",
  ].join("\n");
}

function layoutSection(p: ExportReadmeParams): string {
  const body =
    p.format === "csv-long"
      ? "Long layout: **one row per visit**. A patient's own columns are repeated on each of that " +
        "patient's rows; a patient without any exported visit has one row with empty visit columns."
      : "Wide layout: **one row per patient**. The visit columns are repeated for each visit slot and " +
        "named `{visit type}__{column}`, or `{visit type}_{n}__{column}` for a visit type a patient may " +
        "have more than once (n counts that patient's visits of the type in visit-number order). A slot " +
        "the patient has no visit for is empty.";
  return ["## Layout", "", body].join("\n");
}

function cellSection(mode: ValueMode, semicolon: boolean): string {
  const labels = mode === "labels";
  return [
    "## How the cells are written",
    "",
    ...(semicolon
      ? [
          "The file is written the way Excel reads and writes CSV where the decimal mark is a comma (Italy): " +
            "cells are separated by `;`, numbers have a decimal comma and the file starts with a UTF-8 " +
            'byte-order mark. Elsewhere read it with `read.csv2(file, fileEncoding = "UTF-8-BOM")` in R or ' +
            '`pandas.read_csv(file, sep=";", decimal=",", encoding="utf-8-sig")`; the loaders do.',
          "",
        ]
      : []),
    `- The first row holds the column names; every record ends with CRLF. A cell containing a ${semicolon ? "semicolon" : "comma"}, a ` +
      'double quote or a line break is enclosed in double quotes, and a quote inside it is doubled (`""`). ' +
      "A line break inside a cell (CR, LF or CRLF) is written exactly as stored, inside the quotes: " +
      "read the file with an RFC 4180 reader, not line by line.",
    "- An empty cell is a missing value (not recorded, not applicable or empty). Nothing else means " +
      "missing: `NA` or `null` in a cell is text.",
    semicolon
      ? `- Booleans are ${labels ? "`Yes` / `No`" : "`true` / `false`"}; numbers are plain decimals with a ` +
        "decimal comma (`12,5`) and no thousands separator. Only number cells have it: codes, text and " +
        "dates are written as stored."
      : `- Booleans are ${labels ? "`Yes` / `No`" : "`true` / `false`"}; numbers are plain decimals with a ` +
        "`.` and no thousands separator.",
    "- Dates are `YYYY-MM-DD`, months `YYYY-MM`.",
    labels
      ? "- Category columns hold the option's label; an option code with no label in the study's " +
        "configuration (for instance from an older protocol version) is written as the code."
      : "- Category columns hold the option's code; the column table below gives each code's label.",
    `- A multiple choice holds the selected ${labels ? "labels" : "codes"} joined by \`|\`.`,
    "- Repeating groups (arrays) and objects are written as JSON. A calculated value that is text is " +
      "written as text.",
    "- Formula guard: a text cell (or a column name) whose first character after any blanks is `=`, " +
      "`+`, `-`, `@` or `|` (or their full-width forms), or that starts with `'`, a tab, a carriage " +
      "return or a line feed, has one extra `'` in front, so that a spreadsheet never runs it as a " +
      "formula. Drop exactly one leading `'` when reading such a cell (the loaders do).",
    "- A value stored under an older protocol version whose shape differs from its column's type is " +
      "written as its text, never dropped.",
  ].join("\n");
}

const LOADED_AS: Record<ColumnType, { written: string; r: string; pandas: string }> = {
  integer: { written: "whole number", r: "integer", pandas: "Int64 (nullable)" },
  number: { written: "decimal number", r: "numeric", pandas: "float64" },
  text: { written: "text", r: "character", pandas: "str" },
  date: { written: "YYYY-MM-DD", r: "Date", pandas: "datetime64" },
  month: { written: "YYYY-MM", r: "Date (first day of the month)", pandas: "Period[M]" },
  boolean: { written: "", r: "logical", pandas: "boolean (nullable)" },
  category: {
    written: "",
    r: "factor: levels are the option labels, in option order",
    pandas: "category: the cells' codes or labels, in option order",
  },
  multi: { written: "", r: "list of character vectors", pandas: "list of str" },
  json: {
    written: "JSON",
    r: "parsed list with jsonlite if installed, else the JSON text",
    pandas: "parsed (json.loads)",
  },
};

function typesSection(mode: ValueMode): string {
  const written = (type: ColumnType) => {
    if (type === "boolean") return mode === "labels" ? "`Yes` / `No`" : "`true` / `false`";
    if (type === "category") return mode === "labels" ? "option label" : "option code";
    if (type === "multi") return `${mode === "labels" ? "labels" : "codes"} joined by \`\\|\``;
    return LOADED_AS[type].written;
  };
  const rows = (Object.keys(LOADED_AS) as ColumnType[]).map(
    (type) => `| ${type} | ${written(type)} | ${LOADED_AS[type].r} | ${LOADED_AS[type].pandas} |`,
  );
  return ["## Column types", "", "| Type | Cell | R | pandas |", "| --- | --- | --- | --- |", ...rows].join(
    "\n",
  );
}

const DEIDENTIFIED = [
  "## De-identification",
  "",
  "This export is de-identified (pseudonymised), not anonymous:",
  "",
  "- Patient codes are replaced by keyed pseudonyms. A patient has the same pseudonym in every export " +
    "made with the same server secret, so such exports can be linked with each other; without the " +
    "secret a pseudonym cannot be turned back into the code.",
  "- Every date of a patient (birth date, enrolment, visit dates, date and month fields, therapy dates) " +
    "is shifted by the same number of days, between 31 and 365, earlier or later, chosen per patient: " +
    "intervals between one patient's dates are kept, calendar dates are not.",
  "- Fields marked as identifiers in the study's configuration are removed, and so are the internal " +
    "patient and visit IDs.",
  "- Free text is exported as entered and is **not** scanned: a name, a date or another identifier " +
    "typed into a text field is still there. Review the text columns before sharing the data.",
].join("\n");

const IDENTIFIABLE = [
  "## De-identification",
  "",
  "This export is **not** de-identified: it contains patient codes, true dates and the fields marked " +
    "as identifiers. Handle it as identifiable personal health data.",
].join("\n");

function filtersSection(filters: Record<string, unknown>): string {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined && value !== null);
  const lines =
    entries.length === 0
      ? ["None: every patient and visit the exporting user may see."]
      : entries.map(
          ([key, value]) => `- ${code(key)}: ${code(typeof value === "string" ? value : json(value))}`,
        );
  return ["## Filters", "", ...lines].join("\n");
}

function columnsSection(p: ExportReadmeParams): string {
  const rows = p.columns.map((column, index) => {
    const options =
      column.type === "category" || column.type === "multi"
        ? (column.options ?? [])
            .map((option) => `${code(option.value, true)} → ${cell(option.label)}`)
            .join("<br>")
        : "";
    return `| ${index + 1} | ${code(column.name, true)} | ${cell(column.label)} | ${column.type} | ${options} |`;
  });
  return [
    "## Columns",
    "",
    `${p.columns.length} columns, in file order.`,
    "",
    "| # | Name | Label | Type | Codes → labels |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Markdown escaping
// ---------------------------------------------------------------------------------------------

/**
 * Markdown characters that could start formatting, a link, HTML, an entity or a table cell (`#` and
 * list markers only count at the start of a line, where study text never stands).
 */
const MARKDOWN_SPECIAL = /[\\`*_[\]<>|~&]/g;

/** Plain text on one line (headings, list items). */
function text(value: string): string {
  return value.replace(MARKDOWN_SPECIAL, (char) => `\\${char}`).replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ");
}

/** Text in a table cell: line breaks kept as `<br>` (a raw line break would end the table row). */
function cell(value: string): string {
  return value.replace(MARKDOWN_SPECIAL, (char) => `\\${char}`).replace(/\r\n?|[\n\u2028\u2029]/g, "<br>");
}

/**
 * A code span (names, codes, file names). Its fence is longer than any backtick run inside; control
 * characters are shown escaped, since a code span cannot hold a line break; in a table a `|` is
 * escaped (GFM splits cells before it reads code spans).
 */
function code(value: string, inTable = false): string {
  if (value === "") return "*(empty)*";
  let body = plainCode(value);
  if (inTable) body = body.replaceAll("|", "\\|");
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = /^[` ]|[` ]$/.test(body) ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}

function plainCode(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (char) => {
    const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
    return named[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
