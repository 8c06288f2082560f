import { describe, expect, it } from "vitest";
import { auditFilterParams, EMPTY_AUDIT_FILTERS } from "@/lib/client/audit-logs";
import { displayValue, fieldChanges } from "@/lib/audit-view/field-changes";
import { csvCell, csvLine, exportFileName } from "@/lib/server/audit-log/csv-cells";
import { pageWindow } from "@/components/audit-logs/audit-pagination";
import { AuditLogListQuery } from "@/lib/schemas/audit-logs";

describe("CSV cells", () => {
  it.each(["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])("escapes %j against formula injection", (text) => {
    const cell = csvCell(text);
    expect(cell.replace(/^"|"$/g, "").startsWith("'")).toBe(true);
  });
  it("quotes commas, quotes and line breaks (RFC 4180) and leaves plain text alone", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvLine(["=x", "y"])).toBe("'=x,y\r\n");
  });
  it("names the file audit_logs_{UTC timestamp}.csv", () => {
    expect(exportFileName(new Date("2026-11-22T07:15:03.456Z"))).toBe("audit_logs_20261122T071503Z.csv");
  });
});

describe("View Changes", () => {
  it("lists changed fields only, nested clinical fields under the configuration's labels", () => {
    const labels = new Map([["pasi_score", "PASI"]]);
    const changes = fieldChanges(
      { version: 1, visit_date: "2024-01-01", data_fields: { pasi_score: 20, dlqi_score: 5 } },
      { version: 2, visit_date: "2024-01-01", data_fields: { pasi_score: 12, dlqi_score: 5 } },
      labels,
    );
    expect(changes).toEqual([{ field: "data_fields.pasi_score", label: "PASI", before: 20, after: 12 }]);
  });
  it("shows every value of a creation and of a deletion, labels made readable when unknown", () => {
    expect(fieldChanges(null, { weight_kg: 70 })).toEqual([
      { field: "weight_kg", label: "Weight kg", before: undefined, after: 70 },
    ]);
    expect(fieldChanges({ code: "P1" }, null)).toEqual([
      { field: "code", label: "Code", before: "P1", after: undefined },
    ]);
    expect(displayValue(undefined)).toBe("—");
    expect(displayValue(true)).toBe("Yes");
  });
});

describe("the page's requests", () => {
  it("sends only the non-empty filters, Study ID as an integer, dates as UTC instants", () => {
    const params = auditFilterParams({
      ...EMPTY_AUDIT_FILTERS,
      action: "update",
      study_id: " 7 ",
      search: "  ",
    });
    expect(Object.fromEntries(params)).toEqual({ action: "update", study_id: "7" });
    const dated = auditFilterParams({ ...EMPTY_AUDIT_FILTERS, start_date: "2026-01-02T03:04" });
    expect(dated.get("start_date")).toBe(new Date("2026-01-02T03:04").toISOString());
  });
  it("shows up to five page numbers around the current page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it("parses the cursor and treats empty filters as absent", () => {
    const query = AuditLogListQuery.parse({ cursor: "3.1700000000000.42.1690000000000.7", action: "" });
    expect(query.cursor).toEqual({
      page: 3,
      first: { ms: 1700000000000, id: 42 },
      last: { ms: 1690000000000, id: 7 },
    });
    expect(query.action).toBeUndefined();
    expect(AuditLogListQuery.safeParse({ cursor: "nope" }).success).toBe(false);
  });
});
