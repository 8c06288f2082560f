/**
 * RFC 4180 CSV for the data dictionary: writing (CRLF, quoted when needed) and reading (quoted
 * cells, CRLF or LF, a leading UTF-8 byte-order mark ignored). Pure.
 *
 * Spreadsheet formula injection: a cell a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return), unless it is a plain decimal number such as -5, is written
 * with a leading single quote. A cell that itself starts with a single quote gets one too, so the
 * reader can always drop exactly one leading quote: `guardCell` and `unguardCell` are inverses.
 */
import { FORMULA_START, quoteCsvCell } from "@/lib/csv/csv-cells";
import { parseNumber } from "@/lib/forms/parse-number";

export function guardCell(text: string): string {
  if (text.startsWith("'")) return `'${text}`;
  if (FORMULA_START.test(text) && parseNumber(text) === undefined) return `'${text}`;
  return text;
}

export function unguardCell(text: string): string {
  return text.startsWith("'") ? text.slice(1) : text;
}

/** One record, guarded and quoted, ending in CRLF. */
export const csvRecord = (cells: readonly string[]) =>
  `${cells.map((c) => quoteCsvCell(guardCell(c))).join(",")}\r\n`;

export type CsvRecord = {
  /** 1-based record number (the header is record 1). */ row: number;
  cells: string[];
};
export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; row: number; message: string };

/**
 * The records of a CSV text, cells unguarded. Blank lines are skipped (their number still counts,
 * so row numbers match what a spreadsheet shows when each record is one line).
 */
export function readCsv(input: string): CsvReadResult {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let row = 1;
  let i = 0;
  let startOfCell = true;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === "")) records.push({ row, cells: cells.map(unguardCell) });
    cells = [];
    cell = "";
    row++;
    startOfCell = true;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (startOfCell && ch === '"') {
      const recordRow = row;
      i++;
      for (;;) {
        if (i >= text.length) return { ok: false, row: recordRow, message: "A quoted cell is never closed" };
        const q = text[i]!;
        if (q === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += q;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== "," && next !== "\r" && next !== "\n")
        return { ok: false, row: recordRow, message: "Text follows the closing quote of a quoted cell" };
      startOfCell = false;
      continue;
    }
    startOfCell = false;
    if (ch === ",") {
      cells.push(cell);
      cell = "";
      startOfCell = true;
      i++;
    } else if (ch === "\r" || ch === "\n") {
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      endRecord();
    } else if (ch === '"') {
      return {
        ok: false,
        row,
        message: "A quote inside an unquoted cell (quote the whole cell and double it)",
      };
    } else {
      cell += ch;
      i++;
    }
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return { ok: true, records };
}
