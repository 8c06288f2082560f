/**
 * CSV cells for the audit export (RFC 4180). Pure. A cell a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading single quote, so an email or
 * a reason typed as `=HYPERLINK(…)` is shown as text, never run (OWASP "CSV injection").
 */
import { FORMULA_START, quoteCsvCell } from "@/lib/csv/csv-cells";
import { utcFileStamp } from "@/lib/download-stamp";

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return quoteCsvCell(text);
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** audit_logs_{timestamp}.csv, the time in UTC as 20261122T071500Z (no characters a filename refuses). */
export const exportFileName = (now: Date) => `audit_logs_${utcFileStamp(now)}.csv`;
