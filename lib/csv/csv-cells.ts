/**
 * RFC 4180 cells, shared by every CSV the registry writes (audit trail, study export, data
 * dictionary). Pure. Each writer decides its own formula guard from `FORMULA_START`: the audit
 * trail guards every such cell, the export and the dictionary guard reversibly (see their files).
 */

/**
 * The two CSV formats of the exports (docs/decisions/0021). `comma`: `,` between cells, `.` in
 * numbers, no byte-order mark (the API's default, unchanged). `semicolon`: what Excel reads and
 * writes where the decimal mark is a comma (Italy): `;` between cells, `,` in numeric cells (only
 * cells that are numbers: never text, codes or dates), and a UTF-8 byte-order mark, without which
 * Excel reads the file in the computer's legacy code page and garbles accented letters.
 */
export const CSV_FORMATS = ["comma", "semicolon"] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

export type CsvDialect = {
  format: CsvFormat;
  separator: "," | ";";
  decimal: "." | ",";
  /** Written before the first record. */
  bom: "" | "\uFEFF";
};

export const CSV_DIALECTS: Record<CsvFormat, CsvDialect> = {
  comma: { format: "comma", separator: ",", decimal: ".", bom: "" },
  semicolon: { format: "semicolon", separator: ";", decimal: ",", bom: "\uFEFF" },
};

/** A finite number as its cell: JavaScript's shortest decimal, its `.` written as the dialect's mark. */
export function csvNumber(value: number, dialect: CsvDialect = CSV_DIALECTS.comma): string {
  const text = String(value);
  return dialect.decimal === "." ? text : text.replace(".", dialect.decimal);
}

/**
 * What a spreadsheet would run as a formula (OWASP "CSV injection"), as one rule for every CSV:
 * - a cell starting with a tab, a carriage return or a line feed (spreadsheets drop them on import
 *   and read what follows);
 * - a cell whose first character after any blanks is = + - @ or | (Excel and LibreOffice skip
 *   leading spaces before `=`; `|` starts a DDE call such as `|cmd!A1`), or their full-width forms
 *   ＝ ＋ － ＠ ｜, which Excel for East Asian locales reads as their ASCII twins.
 * `\s` is JavaScript's blank set, so a no-break or ideographic space in front is seen too.
 */
export const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFF5C])/;

/**
 * A guarded cell's text: exactly one leading `'` dropped. The export and the dictionary add one to
 * every cell that starts with a formula character or with `'` itself, so this is their inverse
 * (the study import and the dictionary import read cells back through it).
 */
export function unguardCell(text: string): string {
  return text.startsWith("'") ? text.slice(1) : text;
}

/**
 * Quoted when it holds the separator (`,` unless told), a quote or a line break, or has leading or
 * trailing space.
 */
export function quoteCsvCell(text: string, separator: CsvDialect["separator"] = ","): string {
  return /["\r\n]/.test(text) || text.includes(separator) || text !== text.trim()
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}
