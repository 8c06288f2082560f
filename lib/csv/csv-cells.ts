/**
 * RFC 4180 cells, shared by every CSV the registry writes (audit trail, study export, data
 * dictionary). Pure. Each writer decides its own formula guard from `FORMULA_START`: the audit
 * trail guards every such cell, the export and the dictionary guard reversibly (see their files).
 */

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

/** Quoted when it holds a comma, a quote or a line break, or has leading or trailing space. */
export function quoteCsvCell(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}
