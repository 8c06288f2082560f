import { describe, expect, it } from "vitest";
import { fieldLabelsOf, versionInForceAt } from "@/lib/audit-view/version-in-force";

const v = (id: number, status: string, approvedAt: string | null, createdAt: string) => ({
  id,
  status,
  approved_at: approvedAt,
  created_at: createdAt,
});

describe("versionInForceAt", () => {
  const versions = [
    // Recorded active at the first visit (never approved: in force from its recording).
    v(1, "superseded", null, "2026-01-10T08:00:00.000Z"),
    // Drafted in February, approved in March.
    v(2, "superseded", "2026-03-01T12:00:00.000Z", "2026-02-01T09:00:00.000Z"),
    v(3, "rejected", null, "2026-03-15T09:00:00.000Z"),
    v(4, "active", "2026-05-01T00:00:00.000Z", "2026-04-20T00:00:00.000Z"),
    v(5, "draft", null, "2026-06-01T00:00:00.000Z"),
  ];
  const at = (instant: string) => versionInForceAt(versions, instant)?.id ?? null;

  it("is none before the first version (the design phase)", () => {
    expect(at("2026-01-10T07:59:59.999Z")).toBeNull();
  });

  it("is the version approved (or recorded active) last at or before the instant", () => {
    expect(at("2026-01-10T08:00:00.000Z")).toBe(1);
    // Version 2 was drafted but not yet approved: version 1 still governed.
    expect(at("2026-02-15T00:00:00.000Z")).toBe(1);
    expect(at("2026-03-01T12:00:00.000Z")).toBe(2);
    // A rejected version never was in force.
    expect(at("2026-04-01T00:00:00.000Z")).toBe(2);
    // A draft never was either.
    expect(at("2026-07-01T00:00:00.000Z")).toBe(4);
  });

  it("answers none for a timestamp it cannot read", () => {
    expect(at("not a time")).toBeNull();
  });
});

describe("fieldLabelsOf", () => {
  it("names data fields, calculations and switch fields by their labels", () => {
    const labels = fieldLabelsOf({
      data_fields: [{ name: "pasi_score", label: "PASI" }],
      calculations: [{ name: "pasi75", label: "PASI 75" }],
      therapy_switch_config: { switch_fields: [{ name: "reason", label: "Motivo" }] },
    } as never);
    expect([...labels]).toEqual([
      ["pasi_score", "PASI"],
      ["pasi75", "PASI 75"],
      ["reason", "Motivo"],
    ]);
    expect(fieldLabelsOf(undefined).size).toBe(0);
  });
});
