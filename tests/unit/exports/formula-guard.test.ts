/**
 * One formula-start rule for the three CSV writers (audit trail, study export, data dictionary),
 * and the export's and dictionary's guard reversible: what they write reads back as stored.
 */
import { describe, expect, it } from "vitest";
import { csvCell as auditCell } from "@/lib/server/audit-log/csv-cells";
import { guardCell, readCsv } from "@/lib/dictionary/csv";
import { csvRecord, textCell } from "@/lib/exports/cell-values";

/** Cells a spreadsheet runs, or reads after dropping what it ignores at the start. */
const FORMULAS = [
  "=1+1",
  " =1+1",
  "  +1+1",
  '\u00a0=HYPERLINK("http://x")',
  "\u3000=1+1",
  "＝1+1",
  "＋1",
  "－1",
  "＠SUM(A1)",
  "｜cmd!A1",
  "|cmd!A1",
  " |cmd!A1",
  "\n=1+1",
  "\r=1+1",
  "\t=1+1",
  "\nplain after a line feed",
  "@SUM(A1)",
  "-x",
];
const PLAIN = ["plain", " plain", "a=b", "a|b", "x-1", "1 + 1", "text ＝ x"];

describe("formula guard", () => {
  it.each(FORMULAS)("guards %j in the audit CSV, the export and the dictionary", (text) => {
    expect(auditCell(text).replace(/^"/, "")).toMatch(/^'/);
    expect(textCell(text).replace(/^"/, "")).toMatch(/^'/);
    expect(guardCell(text)).toBe(`'${text}`);
  });

  it.each(PLAIN)("leaves %j as it is", (text) => {
    expect(auditCell(text).replace(/^"/, "")).not.toMatch(/^'/);
    expect(textCell(text).replace(/^"/, "")).not.toMatch(/^'/);
    expect(guardCell(text)).toBe(text);
  });

  it("reads every guarded export cell back exactly as stored", () => {
    const cells = [...FORMULAS, ...PLAIN, "'already quoted", "''two"];
    const read = readCsv(csvRecord(cells.map(textCell)));
    expect(read).toEqual({ ok: true, records: [{ row: 1, cells }] });
  });
});
