import { describe, expect, it } from "vitest";
import { trailReader } from "@/lib/audit-view/readable-changes";
import { groupRecalculations, isRecalculation, type GroupableRow } from "@/lib/audit-view/trail-grouping";
import { formatFor } from "@/lib/i18n/format";
import type { StudyConfig } from "@/lib/schemas/study-config";

const config = {
  visit_types: [{ code: "baseline", label: "Baseline", order: 1 }],
  data_fields: [
    { entity: "visit", name: "pasi_score", label: "PASI", type: "number" },
    {
      entity: "visit",
      name: "current_therapy",
      label: "Current biologic",
      type: "select",
      options: [{ value: "adalimumab", label: "Adalimumab" }],
    },
    { entity: "patient", name: "psoriasis_onset", label: "Onset", type: "month" },
  ],
  calculations: [
    { name: "pasi_improvement", label: "PASI improvement (%)", formula: { type: "sum", fields: ["x"] } },
  ],
  therapy_switch_config: { enabled: true, prompt_message: "", switch_fields: [] },
  missing_codes: [{ code: "UNK", label: "Unknown" }],
} as unknown as StudyConfig;

const reader = (locale: "en" | "it") =>
  trailReader({
    fmt: formatFor(locale),
    yes: locale === "en" ? "Yes" : "Sì",
    no: "No",
    productLabel: (field) =>
      field === "visit_date" ? "Visit date" : field === "is_continuing_therapy" ? "Continuing" : null,
    missingCode: (code, label) => `${code} (${label ?? ""})`,
    config,
  });

describe("readable changes (decision 0026)", () => {
  it("labels, formats and splits the calculated values apart", () => {
    const { changes, calculated } = reader("it").changes(
      { version: 1, visit_date: "2024-01-10", data_fields: { pasi_score: 20.5, current_therapy: null } },
      {
        version: 2,
        visit_date: "2024-01-11",
        data_fields: { pasi_score: 18.25, current_therapy: "adalimumab" },
        calculated_values: { pasi_improvement: 44.44444 },
      },
    );
    expect(changes.map((c) => [c.label, c.old_text, c.new_text])).toEqual([
      ["Visit date", "10 gen 2024", "11 gen 2024"],
      ["PASI", "20,5", "18,25"],
      ["Current biologic", "", "Adalimumab"],
    ]);
    expect(calculated.map((c) => [c.label, c.old_text, c.new_text])).toEqual([
      ["PASI improvement (%)", "", "44,444"],
    ]);
  });

  it("reads a therapy-switch answer field by field and a missing-data code by its label", () => {
    const { changes } = reader("en").changes(null, {
      therapy_switch: { is_continuing_therapy: true },
      missing: { pasi_score: "UNK" },
      custom_fields: { psoriasis_onset: "2015-03" },
      is_locked: false,
    });
    expect(changes.map((c) => [c.label, c.new_text])).toEqual([
      ["Continuing", "Yes"],
      ["PASI", "UNK (Unknown)"],
      ["Onset", "Mar 2015"],
    ]);
  });
});

const row = (over: Partial<GroupableRow> & { id: number }): GroupableRow => ({
  timestamp: "2024-04-01T09:30:00.000Z",
  user_id: 3,
  action: "update",
  entity_type: "visit",
  entity_id: "1",
  old_values: null,
  new_values: null,
  ...over,
});

describe("recalculations under their cause (decision 0026)", () => {
  const cause = row({ id: 10, entity_id: "1", new_values: { data_fields: { pasi_score: 18 } } });
  const linked = row({
    id: 11,
    entity_id: "2",
    new_values: { calculated_values: { a: 1 }, recalculated_after: { entity_type: "visit", entity_id: "1" } },
  });
  const older = row({
    id: 12,
    entity_id: "3",
    old_values: { calculated_values: { a: 0 } },
    new_values: { calculated_values: { a: 2 } },
  });

  it("knows a recalculation, linked or older, from a clinical change", () => {
    expect([cause, linked, older].map(isRecalculation)).toEqual([false, true, true]);
  });

  it("folds them under the change of the same transaction, newest-first order kept", () => {
    const groups = groupRecalculations([older, linked, cause]);
    expect(groups).toEqual([{ row: cause, recalculations: [linked, older] }]);
  });

  it("leaves a recalculation of another transaction, or another author, on its own", () => {
    const elsewhere = { ...older, id: 13, timestamp: "2024-04-01T09:31:00.000Z" };
    const otherAuthor = { ...older, id: 14, user_id: 4 };
    const groups = groupRecalculations([elsewhere, otherAuthor, cause]);
    expect(groups.map((g) => [g.row.id, g.recalculations.length])).toEqual([
      [13, 0],
      [14, 0],
      [10, 0],
    ]);
  });
});
