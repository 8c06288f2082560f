/**
 * The R and Python loaders shipped in the export zip (decision 0016, "analysis-ready"). Pure: they are
 * generated from the same column list as the CSV (`columns.ts`), so a loader always knows every
 * column's type, code list and label, and reads the file back with the right types instead of
 * letting R or pandas guess (a guess turns codes like "01" into numbers and "NA" into a missing value).
 *
 * Both loaders undo exactly what `cell-values.ts` writes:
 * - every cell is read as text first, only an empty cell is missing;
 * - a cell starting with `'` lost its formula guard: exactly one leading `'` is dropped (header too);
 * - booleans are true/false (labels: Yes/No); multiselects are joined by `|`; arrays are JSON;
 * - the separator and the decimal mark are the export's CSV format's (`loaderDialect`): in the
 *   `semicolon` format a number cell (integer, number, or a JSON column's plain number) has a
 *   decimal comma, which the loader turns back into a point before reading the number.
 * A cell that does not read as its column's type is an error (`strict`, the default) or, asked for,
 * a missing value with a warning: never a silent NA.
 *
 * Everything that comes from the study (names, labels, codes, the study name) enters the generated
 * code only as a string literal made by this file's escapers, and the scripts are pure ASCII, so a
 * label such as `x"; import os #` or a name with a line break can neither break nor inject code.
 */
import type { CsvFormat } from "@/lib/csv/csv-cells";
import type { FieldOption } from "@/lib/schemas/study-config";
import type { ValueMode } from "../cell-values";
import type { ExportColumn } from "../columns";

export type LoaderParams = {
  /** The CSV's file name; the loader reads it from its own directory. */
  csvFile: string;
  valueMode: ValueMode;
  studyName: string;
  /** ISO 8601 instant the export was made. */
  generatedAt: string;
  /** The CSV's format (docs/decisions/0021); `comma` when absent. */
  csvFormat?: CsvFormat | undefined;
};

/** The separator and decimal mark the loaders read the CSV with. */
export function loaderDialect(p: LoaderParams): { separator: string; decimal: string; note: string } {
  return p.csvFormat === "semicolon"
    ? {
        separator: ";",
        decimal: ",",
        note: "Semicolon-separated with decimal commas (as Excel writes it where the decimal mark is a comma).",
      }
    : { separator: ",", decimal: ".", note: "Comma-separated with decimal points." };
}

// ---------------------------------------------------------------------------------------------
// String literals
// ---------------------------------------------------------------------------------------------

/**
 * The code points of a JavaScript string. A lone surrogate becomes U+FFFD, which is what the UTF-8
 * CSV holds for it (TextEncoder), so the literal matches the header the loader reads.
 */
export function codePoints(text: string): number[] {
  const points: number[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0xfffd;
    points.push(point >= 0xd800 && point <= 0xdfff ? 0xfffd : point);
  }
  return points;
}

export const hex = (point: number, width: number) => point.toString(16).padStart(width, "0");
export const isPrintableAscii = (point: number) => point >= 0x20 && point <= 0x7e;

/** A Python `str` literal in pure ASCII: quotes and backslashes escaped, the rest as \x, \u or \U. */
export function pythonString(text: string): string {
  let body = "";
  for (const point of codePoints(text)) {
    if (point === 0x5c) body += "\\\\";
    else if (point === 0x22) body += '\\"';
    else if (isPrintableAscii(point)) body += String.fromCodePoint(point);
    else if (point === 0x0a) body += "\\n";
    else if (point === 0x0d) body += "\\r";
    else if (point === 0x09) body += "\\t";
    else if (point <= 0xff) body += `\\x${hex(point, 2)}`;
    else if (point <= 0xffff) body += `\\u${hex(point, 4)}`;
    else body += `\\U${hex(point, 8)}`;
  }
  return `"${body}"`;
}

/**
 * An R string literal in pure ASCII. Other characters are written as \u{…} / \U{…} (never \x: R
 * refuses a string that mixes \x and \u escapes). R strings cannot hold NUL, so NUL is dropped; the
 * R loader reads the CSV with `skipNul = TRUE`, which drops it from the file's text alike.
 */
export function rString(text: string): string {
  let body = "";
  for (const point of codePoints(text)) {
    if (point === 0) continue;
    if (point === 0x5c) body += "\\\\";
    else if (point === 0x22) body += '\\"';
    else if (isPrintableAscii(point)) body += String.fromCodePoint(point);
    else if (point === 0x0a) body += "\\n";
    else if (point === 0x0d) body += "\\r";
    else if (point === 0x09) body += "\\t";
    else if (point <= 0xffff) body += `\\u{${hex(point, 4)}}`;
    else body += `\\U{${hex(point, 8)}}`;
  }
  return `"${body}"`;
}

/**
 * Text for a `#` comment (both languages): printable ASCII only, anything else escaped, so nothing
 * (a line break above all) can end the comment and start code.
 */
export function commentText(text: string, max = 200): string {
  let out = "";
  for (const point of codePoints(text)) {
    out += isPrintableAscii(point) ? String.fromCodePoint(point) : `\\u{${hex(point, 4)}}`;
    if (out.length > max) return `${out.slice(0, max)}...`;
  }
  return out;
}

/** A column's options without repeated codes (the first wins), as the CSV writer reads them. */
export function uniqueOptions(options: readonly FieldOption[] | undefined): FieldOption[] {
  const seen = new Set<string>();
  return (options ?? []).filter((option) => !seen.has(option.value) && seen.add(option.value));
}

export const hasCodes = (column: ExportColumn) => column.type === "category" || column.type === "multi";
