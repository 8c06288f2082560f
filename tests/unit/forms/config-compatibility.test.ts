import { describe, expect, it } from "vitest";
import { words } from "@/tests/support/engine-words";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { compatibilityReport, diffConfigs, type ConfigChange } from "@/lib/forms/config-compatibility";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";

const live = (): StudyConfigDocument => StudyConfigSchema.parse(structuredClone(DEMO_STUDY_CONFIG));
const summary = (changes: ConfigChange[]) =>
  changes.map((c): [string, string, string, ConfigChange["probe"]] => [
    c.kind,
    c.target,
    c.severity,
    c.probe,
  ]);

describe("diffConfigs", () => {
  it("finds nothing between a config and itself", () => {
    expect(diffConfigs(live(), live())).toEqual([]);
  });

  it("lists removed and retyped fields, removed options and visit types, each with its probe", () => {
    const next = live();
    next.data_fields = next.data_fields.filter((f) => f.name !== "dlqi_score");
    next.data_fields.find((f) => f.name === "itch_nrs")!.type = "text";
    next.data_fields.find((f) => f.name === "ae_description")!.type = "text"; // textarea -> text keeps values
    const phenotypes = next.data_fields.find((f) => f.name === "psoriasis_phenotypes")!;
    phenotypes.options = phenotypes.options!.filter((o) => o.value !== "nail" && o.value !== "scalp");
    next.visit_types = next.visit_types.filter((t) => t.code !== "week_24");
    const byKind = summary(diffConfigs(live(), next));
    expect(byKind).toContainEqual([
      "option_removed",
      "psoriasis_phenotypes",
      "breaking",
      { kind: "value_in", entity: "patient", key: "psoriasis_phenotypes", values: ["nail", "scalp"] },
    ]);
    expect(byKind).toContainEqual([
      "field_removed",
      "dlqi_score",
      "breaking",
      { kind: "has_value", entity: "visit", key: "dlqi_score" },
    ]);
    expect(byKind).toContainEqual([
      "field_retyped",
      "itch_nrs",
      "breaking",
      { kind: "has_value", entity: "visit", key: "itch_nrs" },
    ]);
    expect(byKind).toContainEqual([
      "field_retyped",
      "ae_description",
      "warning",
      { kind: "has_value", entity: "visit", key: "ae_description" },
    ]);
    expect(byKind).toContainEqual([
      "visit_type_removed",
      "week_24",
      "breaking",
      { kind: "visit_type", entity: "visit", code: "week_24" },
    ]);
  });

  it("flags only validation that got tighter, and renamed or removed calculations", () => {
    const next = live();
    const pasi = next.data_fields.find((f) => f.name === "pasi_score")!;
    pasi.validation = { required: true, min: 1, max: 80 }; // min tighter, max looser
    const dlqi = next.data_fields.find((f) => f.name === "dlqi_score")!;
    dlqi.validation = { required: true, min: 0, max: 30 }; // newly required
    const email = next.data_fields.find((f) => f.type === "email")!;
    email.validation = { ...email.validation, max_length: 100, pattern: "@example\\.org$" };
    next.data_fields.push({
      entity: "visit",
      name: "new_req",
      label: "New",
      type: "text",
      validation: { required: true },
    });
    next.calculations = next.calculations
      .filter((c) => c.name !== "pasi75_achieved")
      .map((c) => (c.name === "pro_burden_total" ? { ...c, name: "pro_total" } : c));
    const kinds = summary(diffConfigs(live(), next)).map(([kind, target, severity, probe]) => [
      kind,
      target,
      severity,
      probe?.kind,
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["validation_tightened", "pasi_score", "breaking", "below"],
        ["validation_tightened", "dlqi_score", "breaking", "missing"],
        ["validation_tightened", email.name, "breaking", "longer"],
        ["validation_tightened", email.name, "breaking", "pattern_mismatch"],
        ["required_field_added", "new_req", "warning", "missing"],
        ["calculation_removed", "pasi75_achieved", "warning", "calculated"],
        ["calculation_renamed", "pro_burden_total", "warning", "calculated"],
      ]),
    );
    expect(kinds.filter(([, target]) => target === "pasi_score")).toHaveLength(1);
  });

  it("reports nothing for 'SDV required' or the study's requirement, set or taken back (decision 0031)", () => {
    // Verification describes stored values; it never makes one unreadable, so no change of it is
    // breaking (a changed requirement applies to each record at its next write).
    const flagged = live();
    flagged.sdv_requirement = "key";
    for (const field of flagged.data_fields) field.sdv_required = true;
    expect(diffConfigs(live(), flagged)).toEqual([]);
    const cleared = live();
    cleared.sdv_requirement = "all";
    for (const field of cleared.data_fields) field.sdv_required = false;
    expect(diffConfigs(flagged, cleared)).toEqual([]);
    expect(diffConfigs(cleared, live())).toEqual([]);
  });

  it("ignores a pattern that does not compile, as the form does", () => {
    const next = live();
    next.data_fields.find((f) => f.name === "ae_description")!.validation = { pattern: "([" };
    expect(diffConfigs(live(), next)).toEqual([]);
  });
});

describe("compatibilityReport", () => {
  it("makes a breaking change that touches no record a warning, and totals only the breaking ones", () => {
    const next = live();
    next.data_fields = next.data_fields.filter((f) => f.name !== "dlqi_score" && f.name !== "itch_nrs");
    const changes = diffConfigs(live(), next);
    const counts = changes.map((c) =>
      c.target === "dlqi_score" ? { patients: 3, visits: 7 } : { patients: 0, visits: 0 },
    );
    const report = compatibilityReport(changes, counts, { patients: 3, visits: 7 });
    expect(report.compatible).toBe(false);
    expect([report.affected_patients, report.affected_visits]).toEqual([3, 7]);
    expect(report.breaking_changes.map((i) => [i.target, words(i.message, "en")])).toEqual([
      ["dlqi_score", "Field 'dlqi_score' (visit) is removed: 7 visit(s) of 3 patient(s) hold a value"],
    ]);
    // The same description in Italian, counts in the plural they take (decision 0021).
    expect(words(report.breaking_changes[0]!.message, "it")).toBe(
      "Il campo 'dlqi_score' (visit) è rimosso: 7 visite di 3 pazienti hanno un valore",
    );
    // The calculation that adds DLQI and itch loses both its inputs.
    expect(report.warnings.map((i) => [i.kind, i.target])).toEqual([
      ["field_removed", "itch_nrs"],
      ["calculation_input_removed", "pro_burden_total"],
      ["calculation_input_removed", "pro_burden_total"],
    ]);
    const none = compatibilityReport(
      changes,
      changes.map(() => ({ patients: 0, visits: 0 })),
      {
        patients: 0,
        visits: 0,
      },
    );
    expect(none).toMatchObject({
      compatible: true,
      affected_patients: 0,
      affected_visits: 0,
      breaking_changes: [],
    });
  });
});
