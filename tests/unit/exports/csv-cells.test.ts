import { describe, expect, it } from "vitest";
import { readCsv } from "@/lib/dictionary/csv";
import { csvCell, csvRecord } from "@/lib/exports/cell-values";
import { csvHeader } from "@/lib/exports/csv-rows";
import type { ColumnType, ExportColumn } from "@/lib/exports/columns";

const column = (type: ColumnType, options?: ExportColumn["options"]): ExportColumn => ({
  name: "c",
  label: "C",
  type,
  source: { from: "data", field: "c" },
  ...(options ? { options } : {}),
});
const OPTIONS = [
  { value: "a", label: "Alpha, one" },
  { value: "b", label: "Beta" },
];

describe("study export CSV cells", () => {
  it.each<[ColumnType, unknown, "codes" | "labels", string]>([
    ["boolean", true, "codes", "true"],
    ["boolean", false, "labels", "No"],
    ["number", -3.5, "codes", "-3.5"],
    ["integer", 0, "codes", "0"],
    ["date", "2024-01-02", "codes", "2024-01-02"],
    ["month", "2015-03", "codes", "2015-03"],
    ["date", "=cmd|'/c calc'!A1", "codes", "'=cmd|'/c calc'!A1"],
    ["category", "a", "codes", "a"],
    ["category", "a", "labels", '"Alpha, one"'],
    ["category", "zz", "labels", "zz"],
    ["multi", ["a", "b"], "codes", "a|b"],
    ["multi", ["a", "b"], "labels", '"Alpha, one|Beta"'],
    ["json", [{ x: 1 }], "codes", '"[{""x"":1}]"'],
    ["text", "=SUM(A1)", "codes", "'=SUM(A1)"],
    ["text", "'quoted", "codes", "''quoted"],
    ["text", "-5 mg", "codes", "'-5 mg"],
    ["text", "two\r\nlines", "codes", '"two\r\nlines"'],
    ["text", "|cmd!A1", "codes", "'|cmd!A1"],
    ["text", " =1+1", "codes", "' =1+1"],
    ["text", " padded", "codes", '" padded"'],
    ["text", null, "codes", ""],
    ["number", "12", "codes", "12"],
    ["number", { stored: "elsewhere" }, "codes", '"{""stored"":""elsewhere""}"'],
  ])("%s %j (%s) → %s", (type, value, mode, expected) => {
    expect(csvCell(column(type, OPTIONS), value, mode)).toBe(expected);
  });

  it("writes CR, LF and CRLF inside a cell exactly as stored, and reads them back byte for byte", () => {
    const values = ["a\rb", "a\nb", "a\r\nb", "\r\n", "end\r", "\rstart", 'mixed "\r\n\n\r" , ok'];
    const text =
      csvHeader([column("text")]) +
      values.map((value) => csvRecord([csvCell(column("text"), value, "codes")])).join("");
    const read = readCsv(text);
    expect(read.ok && read.records.map((record) => record.cells[0])).toEqual(["c", ...values]);
  });
});
