import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MarkerCounter, plainCounter, zipCounter } from "@/lib/client/export-progress";
import { csvCell, csvRecord } from "@/lib/exports/cell-values";
import type { ExportColumn } from "@/lib/exports/columns";
import { ZipStream } from "@/lib/server/exports/zip-stream";

const TEXT: ExportColumn = { name: "t", label: "T", type: "text", source: { from: "data", field: "t" } };

const encoder = new TextEncoder();

/** Splits bytes at the given cut points (sorted, deduplicated). */
function pieces(bytes: Uint8Array<ArrayBuffer>, cuts: number[]): Uint8Array<ArrayBuffer>[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array<ArrayBuffer>[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    out.push(bytes.subarray(from, point));
    from = point;
  }
  return out;
}

describe("counting export records while they download", () => {
  it("counts a marker split anywhere between chunks, in any text", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: "grapheme" }).map((s) => s.replaceAll("\r\n", "")),
          { maxLength: 20 },
        ),
        fc.array(fc.nat(), { maxLength: 30 }),
        (cells, cuts) => {
          const text = cells.map((cell) => `${cell}\r\n`).join("");
          const counter = new MarkerCounter("\r\n");
          for (const piece of pieces(encoder.encode(text), cuts)) counter.push(piece);
          expect(counter.count).toBe(cells.length);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("counts CSV records whose cells hold CR, LF, CRLF and quotes, split anywhere between chunks", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.oneof(
              fc.string({ unit: "grapheme" }),
              fc.constantFrom("\r", "\n", "\r\n", '"', '""\r\n"', ","),
            ),
            { maxLength: 4 },
          ),
          { maxLength: 15 },
        ),
        fc.array(fc.nat(), { maxLength: 30 }),
        (rows, cuts) => {
          const text =
            "h1,h2\r\n" +
            rows.map((cells) => csvRecord(cells.map((cell) => csvCell(TEXT, cell, "codes")))).join("");
          const counter = plainCounter("csv");
          for (const piece of pieces(encoder.encode(text), cuts)) counter.push(piece);
          expect(counter.records()).toBe(rows.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("counts CSV rows after the header and ODM subjects", () => {
    const csv = plainCounter("csv");
    csv.push(encoder.encode('a,b\r\n1,"x\ny"\r\n2,'));
    csv.push(encoder.encode("z\r\n"));
    expect(csv.records()).toBe(2);
    const odm = plainCounter("odm");
    odm.push(encoder.encode("<SubjectData SubjectKey='1'></Subject"));
    odm.push(encoder.encode("Data><SubjectData SubjectKey='2'></SubjectData>"));
    expect(odm.records()).toBe(2);
  });

  it("counts the rows of a zip's first entry through the inflater, in small chunks", async () => {
    const zip = new ZipStream();
    const now = new Date();
    const rows = Array.from({ length: 3000 }, (_, i) => `${i},"note ${i}\r\nline\rend"\r\n`).join("");
    const archive = Buffer.concat([
      zip.begin("data.csv", now),
      await zip.write(encoder.encode("id,note\r\n")),
      await zip.write(encoder.encode(rows)),
      await zip.end(),
      await zip.file("README.md", now, "line\r\nline\r\n"),
      await zip.finish(),
    ]);
    const counter = zipCounter();
    for (let at = 0; at < archive.length; at += 997) counter.push(archive.subarray(at, at + 997));
    await counter.drained();
    expect(counter.records()).toBe(3000);
  });
});
