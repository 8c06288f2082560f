/**
 * The upload's records streamed (docs/decisions/0037): dialect from the header line, a byte-order
 * mark dropped, unreadable files reported with their row, and the upload read only as fast as the
 * records are taken.
 */
import { describe, expect, it } from "vitest";
import { CSV_DIALECTS } from "@/lib/csv/csv-cells";
import { openCsvRecords, type CsvItem } from "@/lib/server/imports/csv-records";
import { byteStream } from "./import-fixture";

async function all(text: string | Uint8Array, chunk = 5, maxRecordChars?: number) {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const { dialect, items } = await openCsvRecords(byteStream(bytes, chunk), maxRecordChars);
  const read: CsvItem[] = [];
  for await (const item of items) read.push(item);
  return {
    dialect,
    records: read.flatMap((item) => (item.issue ? [] : [[item.row, item.cells] as const])),
    issues: read.flatMap((item) => (item.issue ? [[item.issue.row, item.issue.code] as const] : [])),
  };
}

describe("the dialect", () => {
  it("`;` with a decimal comma when the header holds more `;` than `,`; the byte-order mark dropped", async () => {
    const read = await all('\uFEFFpatient_code;note, with comma;sex\r\nP1;"a;b";F\r\n');
    expect(read.dialect).toEqual(CSV_DIALECTS.semicolon);
    expect(read.records).toEqual([
      [1, ["patient_code", "note, with comma", "sex"]],
      [2, ["P1", "a;b", "F"]],
    ]);
  });

  it("`,` otherwise, with LF or CR line ends as the header's", async () => {
    expect(await all("a,b;c\nx,y\n")).toMatchObject({
      dialect: CSV_DIALECTS.comma,
      records: [
        [1, ["a", "b;c"]],
        [2, ["x", "y"]],
      ],
    });
    expect((await all('a,b\rx,"line\rbreak"\r', 1)).records).toEqual([
      [1, ["a", "b"]],
      [2, ["x", "line\rbreak"]],
    ]);
  });

  it("counts blank lines as records but does not answer them", async () => {
    expect((await all("a\r\n\r\nx\r\n")).records).toEqual([
      [1, ["a"]],
      [3, ["x"]],
    ]);
  });
});

describe("a file that cannot be read", () => {
  it("a quote never closed: the records before it, then the issue on its row", async () => {
    const read = await all('a,b\r\n1,2\r\n3,"open\r\n4,5\r\n');
    expect(read.records).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "2"]],
    ]);
    expect(read.issues).toEqual([[3, "unclosedQuote"]]);
  });

  it("text after a closing quote: reported, and the reading goes on", async () => {
    const read = await all('a,b\r\n"x"y",2\r\n3,4\r\n', 3);
    expect(read.issues).toEqual([[2, "malformedQuote"]]);
    expect(read.records).toEqual([
      [1, ["a", "b"]],
      [2, ['x"y', "2"]],
      [3, ["3", "4"]],
    ]);
    // With no quote after it, the stray one leaves the cell open to the end: never closed.
    expect((await all('a,b\r\n"x"y,2\r\n3,4\r\n', 3)).issues).toEqual([
      [2, "malformedQuote"],
      [2, "unclosedQuote"],
    ]);
  });

  it("a record that never ends within the limit", async () => {
    const read = await all(`a\r\n"${"x".repeat(500)}`, 16, 100);
    expect(read.issues).toEqual([[2, "recordTooLong"]]);
  });

  it("bytes that are not UTF-8 (a legacy code page)", async () => {
    const latin1 = Uint8Array.from([...new TextEncoder().encode("a\r\ncitt"), 0xe0, 0x0d, 0x0a]);
    expect((await all(latin1)).issues).toEqual([[null, "notUtf8"]]);
  });

  it("an empty file", async () => {
    expect((await all("")).issues).toEqual([[null, "emptyFile"]]);
    expect((await all("\r\n\r\n")).issues).toEqual([[null, "emptyFile"]]);
  });
});

describe("streaming", () => {
  it("reads the upload only as far as the records taken need", async () => {
    const line = `P1,${"x".repeat(90)}\r\n`;
    const bytes = new TextEncoder().encode(`a,b\r\n${line.repeat(40_000)}`);
    expect(bytes.length).toBeGreaterThan(3_500_000);
    let pulled = 0;
    const chunk = 65_536;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const at = pulled * chunk;
          if (at >= bytes.length) controller.close();
          else {
            controller.enqueue(bytes.subarray(at, at + chunk));
            pulled++;
          }
        },
      },
      { highWaterMark: 0 },
    );
    const { items } = await openCsvRecords(stream);
    const iterator = items[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    expect(pulled).toBeLessThanOrEqual(2);
    let rows = 2;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      rows = next.value.issue ? rows : next.value.row;
    expect(rows).toBe(40_001);
    expect(pulled).toBe(Math.ceil(bytes.length / chunk));
  });
});
