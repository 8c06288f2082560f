/**
 * RFC 4180 CSV for the data dictionary: writing (CRLF, quoted when needed) and reading (papaparse:
 * `,`, `;` or tab as the file uses, quoted cells, CRLF, LF or CR, a leading UTF-8 byte-order mark
 * ignored). Pure. Reading serves every CSV import (docs/decisions/0021: a file saved by Excel in
 * Italian is `;`-separated).
 *
 * Spreadsheet formula injection: a cell a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return), unless it is a plain decimal number such as -5, is written
 * with a leading single quote. A cell that itself starts with a single quote gets one too, so the
 * reader can always drop exactly one leading quote: `guardCell` and `unguardCell` are inverses.
 */
import Papa from "papaparse";
import { FORMULA_START, quoteCsvCell, unguardCell } from "@/lib/csv/csv-cells";
import { parseNumber } from "@/lib/forms/parse-number";
import { dictionaryMessage } from "./messages";

export { unguardCell };

export function guardCell(text: string): string {
  if (text.startsWith("'")) return `'${text}`;
  if (FORMULA_START.test(text) && parseNumber(text) === undefined) return `'${text}`;
  return text;
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
 * The separators an import recognises: `,` (the registry's own files, most tools), `;` (Excel
 * where the decimal mark is a comma, as in Italy) and tab.
 */
export const CSV_DELIMITERS = [",", ";", "\t"] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Records read to choose the separator. */
const DETECTION_RECORDS = 200;

const QUOTE_MESSAGES: Record<string, string> = {
  MissingQuotes: dictionaryMessage("quoteNotClosed"),
  InvalidQuotes: dictionaryMessage("textAfterQuote"),
};
const STRAY_QUOTE = dictionaryMessage("strayQuote");

type LineBreak = "\r\n" | "\n" | "\r";
const isBlank = (cells: readonly string[]) => cells.length === 1 && cells[0] === "";

/**
 * The records of a CSV text, cells unguarded. Blank lines are skipped (their number still counts,
 * so row numbers match what a spreadsheet shows when each record is one line).
 */
export function readCsv(input: string): CsvReadResult {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  if (text === "") return { ok: true, records: [] };
  const delimiter = detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const quoteError = parsed.errors.find((error) => error.type === "Quotes");
  if (quoteError)
    return {
      ok: false,
      row: (quoteError.row ?? 0) + 1,
      message: QUOTE_MESSAGES[quoteError.code] ?? dictionaryMessage("quoteNotClosed"),
    };
  const newline = parsed.meta.linebreak as LineBreak;
  // papaparse keeps a quote inside an unquoted cell as text; a dictionary cell like that is a
  // mistake (a half-quoted cell), so it is refused, naming its row.
  const stray = strayQuote(text, delimiter, newline);
  if (stray !== null)
    return {
      ok: false,
      row: Papa.parse<string[]>(text.slice(0, stray + 1), { delimiter, newline }).data.length,
      message: STRAY_QUOTE,
    };
  const records: CsvRecord[] = [];
  parsed.data.forEach((cells, index) => {
    if (!isBlank(cells)) records.push({ row: index + 1, cells: cells.map(unguardCell) });
  });
  return { ok: true, records };
}

/**
 * The file's separator among `CSV_DELIMITERS`. A few records cannot always tell (`a;b,c` is two
 * cells or three), so the registry's own `,` comes first: it is chosen when it splits the header
 * into two or more cells, unless it leaves the records ragged while `;` or tab reads them as a
 * table with a wider header (an Excel file whose header holds a comma). Otherwise the first of `;`
 * and tab that splits the header; else `,` (a one-column file).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const [comma, ...others] = CSV_DELIMITERS.map((delimiter) => {
    const { data, errors } = Papa.parse<string[]>(text, { delimiter, preview: DETECTION_RECORDS });
    const rows = data.filter((cells) => !isBlank(cells));
    const width = rows[0]?.length ?? 0;
    const rectangular = errors.length === 0 && rows.every((cells) => cells.length === width);
    return { delimiter, width, rectangular };
  });
  if (comma!.width > 1) {
    if (comma!.rectangular) return ",";
    const wider = others.find((shape) => shape.rectangular && shape.width > comma!.width);
    return wider?.delimiter ?? ",";
  }
  return others.find((shape) => shape.width > 1)?.delimiter ?? ",";
}

/** Where a quote stands inside an unquoted cell (papaparse reads it as text), or null. */
function strayQuote(text: string, delimiter: string, newline: LineBreak): number | null {
  const quotedCell = /"(?:[^"]|"")*"/y;
  let at = text.indexOf('"');
  while (at !== -1) {
    const startsCell =
      at === 0 ||
      text.startsWith(delimiter, at - 1) ||
      text.slice(Math.max(0, at - newline.length), at) === newline;
    if (!startsCell) return at;
    quotedCell.lastIndex = at;
    // Every quoted cell is closed here: papaparse reported an unclosed one already.
    if (!quotedCell.test(text)) return null;
    at = text.indexOf('"', quotedCell.lastIndex);
  }
  return null;
}
