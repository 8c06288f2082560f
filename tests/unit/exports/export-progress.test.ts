import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MarkerCounter, plainCounter, zipCounter } from "@/lib/client/export-progress";
import { ZipWriter } from "@/lib/server/exports/zip-writer";

const encoder = new TextEncoder();

/** Splits bytes at the given cut points (sorted, deduplicated). */
function pieces(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
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
    const zip = new ZipWriter();
    const now = new Date();
    const rows = Array.from({ length: 3000 }, (_, i) => `${i},"note ${i}\nline"\r\n`).join("");
    const archive = Buffer.concat([
      zip.begin("data.csv", now),
      zip.write(encoder.encode("id,note\r\n")),
      zip.write(encoder.encode(rows)),
      zip.end(),
      zip.file("README.md", now, "line\r\nline\r\n"),
      zip.finish(),
    ]);
    const counter = zipCounter();
    for (let at = 0; at < archive.length; at += 997) counter.push(archive.subarray(at, at + 997));
    await counter.drained();
    expect(counter.records()).toBe(3000);
  });
});
