/**
 * RFC 4180 cells, shared by every CSV the registry writes (audit trail, study export, data
 * dictionary). Pure. Each writer decides its own formula guard from `FORMULA_START`: the audit
 * trail guards every such cell, the export and the dictionary guard reversibly (see their files).
 */

/** What a spreadsheet would run as a formula (OWASP "CSV injection"). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** Quoted when it holds a comma, a quote or a line break, or has leading or trailing space. */
export function quoteCsvCell(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}
