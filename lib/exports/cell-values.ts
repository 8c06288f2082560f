/**
 * One CSV cell of the study export (RFC 4180, records end in CRLF). Pure. The rules, which the
 * README and the R / Python loaders state and undo:
 * - empty, null and missing values are empty cells;
 * - booleans are `true` / `false` (labels: `Yes` / `No`), numbers plain JavaScript decimals (in
 *   the `semicolon` format with a decimal comma: `CSV_DIALECTS`, docs/decisions/0021);
 * - multiselect values are joined with `|`, arrays (repeating groups) are JSON;
 * - `labels` writes an option's label instead of its code (a code with no option stays as is);
 * - a text cell a spreadsheet would run (`FORMULA_START`: = + - @ | after any blanks, their
 *   full-width forms, or a leading tab, CR or LF) or starting with `'` gets one leading `'`, so a
 *   spreadsheet never runs it as a formula (CSV injection); the loaders drop exactly one;
 * - text leaves exactly as stored: a CR, LF or CRLF inside a cell stays as it is, inside quotes
 *   (RFC 4180), so a record's end is a CRLF outside quotes (the export screen counts records with
 *   a quote-aware counter: lib/client/export-progress.ts).
 */
import { CSV_DIALECTS, csvNumber, FORMULA_START, quoteCsvCell, type CsvDialect } from "@/lib/csv/csv-cells";
import type { FieldOption } from "@/lib/schemas/study-config";
import type { ExportColumn } from "./columns";

export type ValueMode = "codes" | "labels";

const CALENDAR = /^\d{4}-\d{2}(-\d{2})?$/;

export function csvCell(
  column: ExportColumn,
  value: unknown,
  mode: ValueMode,
  dialect: CsvDialect = CSV_DIALECTS.comma,
): string {
  const text = (cell: string) => dialectTextCell(dialect, cell);
  if (value === null || value === undefined || value === "") return "";
  switch (column.type) {
    case "boolean":
      if (typeof value === "boolean") return mode === "labels" ? (value ? "Yes" : "No") : String(value);
      break;
    case "integer":
    case "number":
      if (typeof value === "number" && Number.isFinite(value)) return csvNumber(value, dialect);
      break;
    case "date":
    case "month":
      // A calendar value as stored; anything else (typed under an older rule) is text, guarded.
      if (typeof value === "string" && CALENDAR.test(value)) return value;
      break;
    case "category":
      if (typeof value === "string" || typeof value === "number")
        return text(mode === "labels" ? labelOf(column.options, String(value)) : String(value));
      break;
    case "multi":
      if (Array.isArray(value))
        return text(
          value
            .map((item) => (mode === "labels" ? labelOf(column.options, String(item)) : String(item)))
            .join("|"),
        );
      break;
    case "json":
      if (typeof value === "number")
        return Number.isFinite(value) ? csvNumber(value, dialect) : String(value);
      if (typeof value === "boolean") return String(value);
      if (typeof value === "object") return quoteCsvCell(JSON.stringify(value), dialect.separator);
      break;
    case "text":
      break;
  }
  // A value of another shape than its column's (stored under an older protocol version) is kept,
  // as its text, never dropped.
  return text(typeof value === "object" ? JSON.stringify(value) : String(value));
}

export function csvRecord(cells: readonly string[], dialect: CsvDialect = CSV_DIALECTS.comma): string {
  return `${cells.join(dialect.separator)}\r\n`;
}

/** A header or free-text cell: formula guard (also on a leading `'`, so it is reversible), then quoting. */
export function textCell(text: string): string {
  return dialectTextCell(CSV_DIALECTS.comma, text);
}

/** `textCell` in a dialect: quoted when it holds that dialect's separator. */
export function dialectTextCell(dialect: CsvDialect, text: string): string {
  return quoteCsvCell(
    FORMULA_START.test(text) || text.startsWith("'") ? `'${text}` : text,
    dialect.separator,
  );
}

function labelOf(options: readonly FieldOption[] | undefined, code: string): string {
  return options?.find((option) => option.value === code)?.label ?? code;
}
