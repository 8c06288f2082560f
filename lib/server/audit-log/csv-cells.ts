/**
 * CSV cells for the audit export (RFC 4180). Pure. A cell a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading single quote, so an email or
 * a reason typed as `=HYPERLINK(…)` is shown as text, never run (OWASP "CSV injection").
 */
import { CSV_DIALECTS, csvNumber, FORMULA_START, quoteCsvCell, type CsvDialect } from "@/lib/csv/csv-cells";
import { utcFileStamp } from "@/lib/download-stamp";

export function csvCell(value: unknown, dialect: CsvDialect = CSV_DIALECTS.comma): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && Number.isFinite(value)) return csvNumber(value, dialect);
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return quoteCsvCell(text, dialect.separator);
}

/** One record in the dialect (docs/decisions/0021): `,` by default, `;` for Excel in Italian. */
export const csvLine = (cells: readonly unknown[], dialect: CsvDialect = CSV_DIALECTS.comma) =>
  `${cells.map((cell) => csvCell(cell, dialect)).join(dialect.separator)}\r\n`;

/** audit_logs_{timestamp}.csv, the time in UTC as 20261122T071500Z (no characters a filename refuses). */
export const exportFileName = (now: Date) => `audit_logs_${utcFileStamp(now)}.csv`;
