/**
 * The README.md of the export zip (decision 0016): what the data file is, how its cells are written (the
 * rules of `cell-values.ts`, in plain words), what de-identification did, and a table of every
 * column. Pure. Generated from the same column list as the CSV and the loaders, so the three agree.
 * Written in the export's language (decision 0022's `lang`): every sentence is a catalogue message
 * (namespace `exportReadme`, decision 0021), put into words by the translator the caller passes.
 *
 * Names, labels, codes and filter values come from the study and may hold any character: they are
 * escaped for Markdown (and `|` / line breaks for table cells), so a label can neither break the
 * column table nor add links, HTML or formatting to the document.
 */
import type { CsvFormat } from "@/lib/csv/csv-cells";
import type { MessageValues } from "@/lib/i18n/message-ref";
import type { ValueMode } from "./cell-values";
import type { ColumnType, ExportColumn } from "./columns";

/**
 * A catalogue translator: full keys (`exportReadme.files.heading`), ICU values. On the server,
 * `translatorFor(locale).t`; this module stays pure and does not import next-intl (decision 0021).
 */
export type Translate = (key: string, values?: MessageValues) => string;

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
  /**
   * The review files of the zip (decisions 0030, 0031, 0032) and their columns in file order, as the
   * export wrote them (`queryStepColumns`, `verificationColumns`, `formStatusColumns`,
   * `signatureColumns`).
   */
  review?: ReviewFiles | undefined;
};

export type ReviewFiles = {
  files: { queries: string; verification: string; formStatus: string; signatures: string };
  columns: {
    queries: readonly string[];
    verification: readonly string[];
    formStatus: readonly string[];
    signatures: readonly string[];
  };
};

/** The `exportReadme` namespace's words, and code spans whose empty value is said in them. */
type Words = {
  t: (key: string, values?: MessageValues) => string;
  code: (value: string, inTable?: boolean) => string;
};

/**
 * The README in the language of `translate` (the export's `lang`, decision 0022). Every sentence
 * comes from the catalogue's `exportReadme` namespace; machine words (column and type names, file
 * names, code samples, the cells' own `Yes` / `No`) are the same in every language, since the file
 * and its loaders do not change with the reader.
 */
export function exportReadme(p: ExportReadmeParams, translate: Translate): string {
  const t = (key: string, values?: MessageValues) => translate(`exportReadme.${key}`, values);
  const w: Words = { t, code: (value, inTable) => code(value, t("columns.empty"), inTable) };
  const sections = [
    `# ${t("title", { study: text(p.studyName), code: text(p.studyCode) })}`,
    [
      t("generated", { at: text(p.generatedAt) }),
      ...(p.rowCount === undefined ? [] : [t("rowCount", { count: p.rowCount })]),
      t("values", { values: p.valueMode }),
      p.deidentified ? t("deidentified") : t("notDeidentified"),
    ].join(" "),
    filesSection(p, w),
    layoutSection(p, w),
    cellSection(p.valueMode, p.csvFormat === "semicolon", w),
    typesSection(p.valueMode, w),
    p.deidentified ? deidentifiedSection(w, p.review !== undefined) : identifiableSection(w),
    filtersSection(p.filters, w),
    columnsSection(p, w),
    ...(p.review ? [reviewSection(p.review, p.deidentified, w)] : []),
  ];
  return `${sections.join("\n\n")}\n`;
}

function filesSection(p: ExportReadmeParams, { t, code }: Words): string {
  const { data, dictionary, python, r } = p.files;
  return [
    `## ${t("files.heading")}`,
    "",
    `- ${t(p.csvFormat === "semicolon" ? "files.dataSemicolon" : "files.dataComma", { file: code(data) })}`,
    `- ${t("files.dictionary", { file: code(dictionary) })}`,
    `- ${t("files.python", { file: code(python), command: code(`python3 ${python}`) })}`,
    `- ${t("files.r", { file: code(r), command: code(`Rscript ${r}`) })}`,
    ...(p.review
      ? [
          `- ${t("files.queries", { file: code(p.review.files.queries) })}`,
          `- ${t("files.verification", { file: code(p.review.files.verification) })}`,
          `- ${t("files.formStatus", { file: code(p.review.files.formStatus) })}`,
          `- ${t("files.signatures", { file: code(p.review.files.signatures) })}`,
        ]
      : []),
    "",
    t("files.together"),
    ...(p.review ? ["", t("files.reviewFormat", { file: code(data) })] : []),
  ].join("\n");
}

function layoutSection(p: ExportReadmeParams, { t }: Words): string {
  const visitType = t("layout.visitType");
  const column = t("layout.column");
  const body =
    p.format === "csv-long"
      ? t("layout.long")
      : t("layout.wide", {
          once: `\`{${visitType}}__{${column}}\``,
          repeated: `\`{${visitType}}_{n}__{${column}}\``,
        });
  return [`## ${t("layout.heading")}`, "", body].join("\n");
}

function cellSection(mode: ValueMode, semicolon: boolean, { t }: Words): string {
  const booleans = mode === "labels" ? "`Yes` / `No`" : "`true` / `false`";
  return [
    `## ${t("cells.heading")}`,
    "",
    ...(semicolon
      ? [
          t("cells.semicolon", {
            r: '`read.csv2(file, fileEncoding = "UTF-8-BOM")`',
            pandas: '`pandas.read_csv(file, sep=";", decimal=",", encoding="utf-8-sig")`',
          }),
          "",
        ]
      : []),
    `- ${t("cells.quoting", { separator: semicolon ? "semicolon" : "comma" })}`,
    `- ${t("cells.missing")}`,
    `- ${t("cells.missingCodes", { example: "<field>__missing" })}`,
    `- ${t(semicolon ? "cells.numbersSemicolon" : "cells.numbersComma", { booleans })}`,
    `- ${t("cells.dates")}`,
    `- ${t(mode === "labels" ? "cells.categoryLabels" : "cells.categoryCodes")}`,
    `- ${t("cells.multi", { values: mode })}`,
    `- ${t("cells.json")}`,
    `- ${t("cells.formulaGuard")}`,
    `- ${t("cells.olderVersion")}`,
  ].join("\n");
}

/** Each column type's cell as written, and what the R and pandas loaders make of it. */
function loadedAs(
  mode: ValueMode,
  { t }: Words,
): Record<ColumnType, [written: string, r: string, pandas: string]> {
  return {
    integer: [t("types.wholeNumber"), "integer", t("types.nullable", { type: "Int64" })],
    number: [t("types.decimalNumber"), "numeric", "float64"],
    text: [t("types.text"), "character", "str"],
    date: ["YYYY-MM-DD", "Date", "datetime64"],
    month: ["YYYY-MM", t("types.rMonth", { type: "Date" }), "Period[M]"],
    boolean: [
      mode === "labels" ? "`Yes` / `No`" : "`true` / `false`",
      "logical",
      t("types.nullable", { type: "boolean" }),
    ],
    category: [
      t("types.option", { values: mode }),
      t("types.rCategory", { type: "factor" }),
      t("types.pandasCategory", { type: "category" }),
    ],
    multi: [
      t("types.multi", { values: mode, pipe: "`\\|`" }),
      t("types.rMulti", { type: "character" }),
      t("types.pandasMulti", { type: "str" }),
    ],
    json: ["JSON", t("types.rJson"), t("types.pandasJson", { call: "json.loads" })],
  };
}

function typesSection(mode: ValueMode, w: Words): string {
  const rows = Object.entries(loadedAs(mode, w)).map(
    ([type, [written, r, pandas]]) => `| ${type} | ${written} | ${r} | ${pandas} |`,
  );
  return [
    `## ${w.t("types.heading")}`,
    "",
    `| ${w.t("types.type")} | ${w.t("types.cell")} | R | pandas |`,
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

function deidentifiedSection({ t }: Words, review: boolean): string {
  return [
    `## ${t("deidentification.heading")}`,
    "",
    t("deidentification.intro"),
    "",
    `- ${t("deidentification.pseudonyms")}`,
    `- ${t("deidentification.dates")}`,
    `- ${t("deidentification.removed")}`,
    ...(review ? [`- ${t("deidentification.review")}`, `- ${t("deidentification.signatures")}`] : []),
    `- ${t("deidentification.freeText")}`,
    ...(review ? [`- ${t("deidentification.queryText", { column: "`step_text`" })}`] : []),
  ].join("\n");
}

/**
 * The review files (decisions 0030, 0031, 0032): what a record is in each, and every column in
 * file order with its meaning. Column names are the files' own (machine words); their meanings are
 * catalogue sentences, a de-identified file's ids said as what they then hold. signatures.csv's
 * columns have their own sentences (`review.signatureColumn`): a signature's `state` or
 * `entity_type` is not a verification's or a query's.
 */
function reviewSection(review: ReviewFiles, deidentified: boolean, { t, code }: Words): string {
  const described = (group: string) => (column: string) =>
    deidentified && (column === "query_id" || column === "patient_code")
      ? t(`review.${group}.${column}Deidentified`)
      : t(`review.${group}.${column}`);
  const table = (
    file: string,
    intro: string,
    columns: readonly string[],
    meaning: (column: string) => string = described("column"),
  ) => [
    `### ${code(file)}`,
    "",
    intro,
    "",
    `| # | ${t("columns.name")} | ${t("review.meaning")} |`,
    "| --- | --- | --- |",
    ...columns.map((column, index) => `| ${index + 1} | ${code(column, true)} | ${meaning(column)} |`),
  ];
  return [
    `## ${t("review.heading")}`,
    "",
    t("review.intro"),
    "",
    ...table(review.files.queries, t("review.queries"), review.columns.queries),
    "",
    ...table(review.files.verification, t("review.verification"), review.columns.verification),
    "",
    ...table(review.files.formStatus, t("review.formStatus"), review.columns.formStatus),
    "",
    ...table(
      review.files.signatures,
      t("review.signatures"),
      review.columns.signatures,
      described("signatureColumn"),
    ),
    "",
    t("review.signaturesOdm"),
  ].join("\n");
}

function identifiableSection({ t }: Words): string {
  return [`## ${t("deidentification.heading")}`, "", t("deidentification.identifiable")].join("\n");
}

function filtersSection(filters: Record<string, unknown>, { t, code }: Words): string {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined && value !== null);
  const lines =
    entries.length === 0
      ? [t("filters.none")]
      : entries.map(
          ([key, value]) => `- ${code(key)}: ${code(typeof value === "string" ? value : json(value))}`,
        );
  return [`## ${t("filters.heading")}`, "", ...lines].join("\n");
}

function columnsSection(p: ExportReadmeParams, { t, code }: Words): string {
  const rows = p.columns.map((column, index) => {
    const options =
      column.type === "category" || column.type === "multi"
        ? (column.options ?? [])
            .map((option) => `${code(option.value, true)} → ${cell(option.label)}`)
            .join("<br>")
        : "";
    return `| ${index + 1} | ${code(column.name, true)} | ${cell(column.label)} | ${column.type} | ${options} |`;
  });
  const header = [t("columns.name"), t("columns.label"), t("columns.type"), t("columns.codesToLabels")];
  return [
    `## ${t("columns.heading")}`,
    "",
    t("columns.count", { count: p.columns.length }),
    "",
    `| # | ${header.join(" | ")} |`,
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
 * escaped (GFM splits cells before it reads code spans). An empty value is said in words, in italics.
 */
function code(value: string, empty: string, inTable = false): string {
  if (value === "") return `*${empty}*`;
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
