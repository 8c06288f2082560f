import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_DIALECTS, quoteCsvCell } from "@/lib/csv/csv-cells";
import { readCsv } from "@/lib/dictionary/csv";
import { csvCell, csvRecord } from "@/lib/exports/cell-values";
import { csvHeader } from "@/lib/exports/csv-rows";
import { csvLine as auditLine } from "@/lib/server/audit-log/csv-cells";
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

describe("the semicolon format (Excel where the decimal mark is a comma)", () => {
  const semicolon = CSV_DIALECTS.semicolon;

  it.each<[ColumnType, unknown, "codes" | "labels", string]>([
    ["number", -3.5, "codes", "-3,5"],
    ["number", 1.5e-7, "codes", "1,5e-7"],
    ["integer", 1200, "codes", "1200"],
    ["json", 17.2, "codes", "17,2"],
    ["json", [{ x: 1.5 }], "codes", '"[{""x"":1.5}]"'],
    ["json", { a: "b;c" }, "codes", '"{""a"":""b;c""}"'],
    ["date", "2024-01-02", "codes", "2024-01-02"],
    ["category", "1.5", "codes", "1.5"],
    ["category", "a", "labels", "Alpha, one"],
    ["text", "2.5 mg", "codes", "2.5 mg"],
    ["text", "a;b", "codes", '"a;b"'],
    ["text", "12", "codes", "12"],
    ["number", "12.5", "codes", "12.5"],
    ["boolean", true, "codes", "true"],
  ])("%s %j (%s) → %s", (type, value, mode, expected) => {
    expect(csvCell(column(type, OPTIONS), value, mode, semicolon)).toBe(expected);
  });

  it("quotes a cell holding the active separator, and only then for it", () => {
    expect(quoteCsvCell("a;b", ";")).toBe('"a;b"');
    expect(quoteCsvCell("a,b", ";")).toBe("a,b");
    expect(quoteCsvCell("a;b")).toBe("a;b");
    expect(quoteCsvCell("a,b")).toBe('"a,b"');
  });

  it("starts with a byte-order mark and reads back with a `;` reader", () => {
    const columns = [column("text"), { ...column("number"), name: "n" }];
    const text =
      csvHeader(columns, semicolon) +
      csvRecord(
        [
          csvCell(columns[0]!, "x; y\r\nz", "codes", semicolon),
          csvCell(columns[1]!, 0.25, "codes", semicolon),
        ],
        semicolon,
      );
    expect(text.startsWith("\uFEFFc;n\r\n")).toBe(true);
    const parsed = Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ["c", "n"],
      ["x; y\r\nz", "0,25"],
    ]);
    expect(readCsv(text)).toMatchObject({
      ok: true,
      records: [{ cells: ["c", "n"] }, { cells: ["x; y\r\nz", "0,25"] }],
    });
    expect(csvHeader(columns)).toBe("c,n\r\n");
  });

  it("audit trail lines: `;`, numbers with the dialect's mark, JSON text untouched", () => {
    expect(auditLine([1, "a;b", { v: 1.5 }, 2.5, null], semicolon)).toBe('1;"a;b";"{""v"":1.5}";2,5;\r\n');
    expect(auditLine([1, "a;b", { v: 1.5 }, 2.5, null])).toBe('1,a;b,"{""v"":1.5}",2.5,\r\n');
  });
});
