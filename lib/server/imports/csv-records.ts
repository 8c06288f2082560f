import "server-only";
/**
 * The records of an uploaded import file, streamed (docs/decisions/0037): up to 200 MB is never
 * held whole. The bytes are decoded as UTF-8 (a byte-order mark dropped; bytes that are not UTF-8
 * stop the reading with an issue rather than becoming replacement characters in clinical data),
 * and cut into records by papaparse's parser, the project's one CSV parser, one chunk at a time.
 *
 * The dialect is the header line's: `;` between cells when it holds more `;` than `,` (then
 * numbers have a decimal comma: CSV_DIALECTS, docs/decisions/0021), else `,`. Records end in CRLF,
 * LF or CR as the header's line does. The consumer pulls records (an async generator), so a slow
 * consumer holds the upload back instead of the records piling up.
 */
import Papa from "papaparse";
import { CSV_DIALECTS, type CsvDialect } from "@/lib/csv/csv-cells";
import type { MessageValues } from "@/lib/i18n/message-ref";
import { importIssue } from "@/lib/imports/import-issues";
import type { ImportIssue } from "@/lib/imports/import-records";

/** A record (row: the file's record number, the header 1), or the issue that stops the reading. */
export type CsvItem = { row: number; cells: string[]; issue?: undefined } | { issue: ImportIssue };

export type CsvRecords = { dialect: CsvDialect; items: AsyncGenerator<CsvItem> };

type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
type LineBreak = "\r\n" | "\n" | "\r";

/**
 * A record longer than this never ends: a quote left open swallows the rest of the file, and the
 * reading stops there instead of holding it all.
 */
export const MAX_RECORD_CHARS = 4_000_000;

/**
 * Bytes that are no readable text: not UTF-8, or a compressed file that is damaged or expands too
 * far (compressed-import.ts). The reading stops with the code's file issue.
 */
export class UnreadableBytes extends Error {
  constructor(
    readonly code: "notUtf8" | "gzipBroken" | "expandedTooLarge",
    readonly values: MessageValues = {},
  ) {
    super(code);
  }
}

async function* texts(input: ByteSource): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new UnreadableBytes("notUtf8");
    }
  };
  for await (const bytes of iterate(input)) yield decode(bytes);
  yield decode();
}

async function* iterate(input: ByteSource): AsyncGenerator<Uint8Array> {
  if (Symbol.asyncIterator in input) {
    yield* input as AsyncIterable<Uint8Array>;
    return;
  }
  const reader = input.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Opens the file: reads up to the end of its header line to know the dialect. */
export async function openCsvRecords(
  input: ByteSource,
  maxRecordChars = MAX_RECORD_CHARS,
): Promise<CsvRecords> {
  const source = texts(input);
  let pending = "";
  let ended = false;
  let failure: ImportIssue | null = null;
  const more = async (): Promise<boolean> => {
    try {
      const next = await source.next();
      if (next.done) ended = true;
      else pending += next.value;
    } catch (error) {
      if (!(error instanceof UnreadableBytes)) throw error;
      failure = importIssue(error.code, { row: null }, error.values);
      ended = true;
    }
    return !ended;
  };
  // The header line, and one character more (a CR may be the first half of a CRLF).
  let lineEnd = -1;
  while (!ended) {
    lineEnd = pending.search(/[\r\n]/);
    if (lineEnd !== -1 && lineEnd + 1 < pending.length) break;
    if (pending.length > maxRecordChars) break;
    await more();
  }
  lineEnd = pending.search(/[\r\n]/);
  const headerLine = lineEnd === -1 ? pending : pending.slice(0, lineEnd);
  const dialect =
    count(headerLine, ";") > count(headerLine, ",") ? CSV_DIALECTS.semicolon : CSV_DIALECTS.comma;
  const newline: LineBreak =
    lineEnd === -1 || pending[lineEnd] === "\n" ? "\n" : pending[lineEnd + 1] === "\n" ? "\r\n" : "\r";

  async function* items(): AsyncGenerator<CsvItem> {
    const parser = new Papa.Parser({ delimiter: dialect.separator, newline });
    let row = 0;
    let records = 0;
    // Parsing waits until the text has doubled when a parse consumed nothing (a long record), so
    // a record spread over many chunks costs linear time, not a re-parse per chunk.
    let parseAt = 0;
    for (;;) {
      if (failure) {
        yield { issue: failure };
        return;
      }
      if (!ended && pending.length < parseAt) {
        await more();
        continue;
      }
      const last = ended;
      const result = parser.parse(pending, 0, !last) as Papa.ParseResult<string[]>;
      // Errors of the rows this parse completed (one at the end of an unfinished row is no error).
      const malformed = new Set<number>();
      const unclosed = new Set<number>();
      for (const error of result.errors)
        if (error.type === "Quotes" && error.row !== undefined && error.row < result.data.length)
          (error.code === "MissingQuotes" ? unclosed : malformed).add(error.row);
      for (let index = 0; index < result.data.length; index++) {
        const cells = result.data[index]!;
        row++;
        if (malformed.has(index))
          yield { issue: importIssue("malformedQuote", { row }, { row: String(row) }) };
        if (unclosed.has(index)) {
          yield { issue: importIssue("unclosedQuote", { row }, { row: String(row) }) };
          return;
        }
        if (cells.length === 1 && cells[0] === "") continue;
        records++;
        yield { row, cells };
      }
      if (last) break;
      const cursor = result.meta.cursor;
      pending = pending.slice(cursor);
      if (pending.length > maxRecordChars) {
        yield {
          issue: importIssue(
            "recordTooLong",
            { row: row + 1 },
            { row: String(row + 1), max: String(maxRecordChars) },
          ),
        };
        return;
      }
      parseAt = cursor === 0 ? pending.length * 2 : 0;
      await more();
    }
    if (records === 0) yield { issue: importIssue("emptyFile", { row: null }) };
  }

  return { dialect, items: items() };
}

function count(text: string, character: string): number {
  let found = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) found++;
  return found;
}
