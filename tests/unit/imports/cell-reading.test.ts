/**
 * A cell read back is the value the export wrote (lib/exports/cell-values.ts), for every column
 * type, in both dialects: a property over arbitrary values, formula characters and separators
 * included.
 */
import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_DIALECTS, unguardCell, type CsvDialect } from "@/lib/csv/csv-cells";
import { csvCell, csvRecord } from "@/lib/exports/cell-values";
import type { ColumnType, ExportColumn } from "@/lib/exports/columns";
import { cellConverter } from "@/lib/imports/cell-reading";

const column = (type: ColumnType): ExportColumn => ({
  name: "c",
  label: "C",
  type,
  source: { from: "data", field: "c" },
});

/** The value as the file carries it: written, parsed as CSV, unguarded, converted. */
function roundTrip(type: ColumnType, value: unknown, dialect: CsvDialect): unknown {
  const text = csvRecord([csvCell(column(type), value, "codes", dialect), "end"], dialect);
  const parsed = Papa.parse<string[]>(text, { delimiter: dialect.separator, newline: "\r\n" });
  const cell = parsed.data[0]![0]!;
  return cell === "" ? undefined : cellConverter(type, dialect, false)(unguardCell(cell));
}

const TRICKY = fc.constantFrom(
  "=",
  "+",
  "-",
  "@",
  "|",
  "'",
  "\t",
  "\r",
  "\n",
  ",",
  ";",
  '"',
  " ",
  "a",
  "1",
  ".",
  "é",
  "😀",
  "＝",
);
const text = fc.oneof(fc.string({ minLength: 1 }), fc.string({ unit: TRICKY, minLength: 1 }));
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
const calendarDate = fc
  .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const code = fc.string({ unit: TRICKY, minLength: 1 }).filter((item) => !item.includes("|"));
const jsonRows = fc.array(fc.record({ drug: text, dose: finite, ok: fc.boolean() }), { minLength: 1 });

const VALUES: [ColumnType, fc.Arbitrary<unknown>][] = [
  ["text", text],
  ["category", code],
  ["number", finite],
  ["integer", fc.integer()],
  ["boolean", fc.boolean()],
  ["date", calendarDate],
  ["month", calendarDate.map((date) => date.slice(0, 7))],
  ["multi", fc.array(code, { minLength: 1 })],
  ["json", fc.oneof(jsonRows, finite, fc.boolean())],
];

describe.each(["comma", "semicolon"] as const)("a cell read back (%s dialect)", (name) => {
  const dialect = CSV_DIALECTS[name];
  it.each(VALUES)("%s: the value written", (type, values) => {
    fc.assert(
      fc.property(values, (value) => {
        expect(roundTrip(type, value, dialect)).toEqual(value);
      }),
      { numRuns: 200 },
    );
  });

  it("an empty cell is no value; text that is no value of its type stays text", () => {
    expect(roundTrip("text", "", dialect)).toBeUndefined();
    expect(roundTrip("multi", [], dialect)).toBeUndefined();
    const read = (type: ColumnType, cell: string) => cellConverter(type, dialect, false)(cell);
    expect(read("number", "12 mg")).toBe("12 mg");
    expect(read("boolean", "Yes")).toBe("Yes");
    expect(read("boolean", "1")).toBe("1");
    expect(cellConverter("boolean", dialect, true)("1")).toBe(true);
    expect(read("json", "[{")).toBe("[{");
  });
});
