import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { MESSAGES, migrateStudyConfig, StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { inEnglish } from "@/tests/support/words-in";
import { words } from "@/tests/support/engine-words";

const base = () => JSON.parse(JSON.stringify(DEMO_STUDY_CONFIG)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function issues(config: unknown) {
  const result = StudyConfigSchema.safeParse(config);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join("."), message: inEnglish(i.message) }));
}

describe("study config schema", () => {
  it("accepts the demo study's configuration", () => {
    expect(issues(base())).toEqual([]);
  });

  it("refuses a signature meaning key given twice, and a malformed one (decision 0032)", () => {
    const config = base();
    config.signatures = {
      meanings: [
        { key: "approve", label: { en: "I approve", it: "Approvo" } },
        { key: "approve", label: { en: "I approve again", it: "Approvo ancora" } },
        { key: "Bad key", label: { en: "Bad", it: "Male" } },
      ],
    };
    expect(issues(config)).toEqual([
      {
        path: "signatures.meanings.2.key",
        message:
          "Meaning key must start with a lowercase letter and contain only lowercase letters, numbers and underscores (at most 32 characters)",
      },
      { path: "signatures.meanings.1.key", message: "Meaning key must be unique" },
    ]);
    config.signatures.meanings.pop();
    expect(issues(config)).toEqual([
      { path: "signatures.meanings.1.key", message: "Meaning key must be unique" },
    ]);
  });

  it("fills defaults for a minimal document", () => {
    const parsed = StudyConfigSchema.parse({ version: 1 });
    expect(parsed).toMatchObject({ visit_types: [], categories: [], data_fields: [], calculations: [] });
    expect(parsed.therapy_switch_config).toEqual({
      enabled: false,
      prompt_message: {
        it: "Il paziente sta continuando la stessa terapia?",
        en: "Is the patient continuing the same therapy?",
      },
      switch_fields: [],
    });
  });

  it("migrates a version-0 document (fields and categories grouped by entity)", () => {
    const legacy = {
      data_fields: { patient: [{ name: "smoker", label: "Smoker", type: "boolean" }] },
      categories: { visit: [{ code: "efficacy", label: "Efficacy" }] },
    };
    expect(migrateStudyConfig(legacy)).toMatchObject({
      version: 1,
      data_fields: [{ entity: "patient", name: "smoker" }],
      categories: [{ entity: "visit", code: "efficacy" }],
    });
    expect(StudyConfigSchema.safeParse(legacy).success).toBe(true);
  });

  it("reads plain-string options as value and label", () => {
    const parsed = StudyConfigSchema.parse({
      version: 1,
      data_fields: [
        { entity: "visit", name: "grade", label: "Grade", type: "select", options: ["mild", "severe"] },
      ],
    });
    expect(parsed.data_fields[0]!.options).toEqual([
      { value: "mild", label: "mild" },
      { value: "severe", label: "severe" },
    ]);
  });

  it.each([
    ["", inEnglish(MESSAGES.fieldNameRequired)],
    ["1abc", inEnglish(MESSAGES.fieldNameFormat)],
    ["Abc", inEnglish(MESSAGES.fieldNameFormat)],
    ["has-dash", inEnglish(MESSAGES.fieldNameFormat)],
    ["a".repeat(51), inEnglish(MESSAGES.fieldNameTooLong)],
  ])("rejects field name %j with %j", (name, message) => {
    const config = base();
    config.data_fields[0].name = name;
    expect(issues(config)).toContainEqual({ path: "data_fields.0.name", message });
  });

  it("accepts a field name of exactly 50 characters", () => {
    const config = base();
    config.data_fields[0].name = `a${"b".repeat(49)}`;
    expect(issues(config)).toEqual([]);
  });

  it("requires field names unique within an entity, but allows the same name in the other entity", () => {
    const config = base();
    const first = config.data_fields[0];
    config.data_fields.push({ ...first });
    expect(issues(config)).toContainEqual({
      path: `data_fields.${config.data_fields.length - 1}.name`,
      message: "Field name must be unique within entity",
    });
    config.data_fields[config.data_fields.length - 1].entity =
      first.entity === "patient" ? "visit" : "patient";
    expect(issues(config)).toEqual([]);
  });

  it("requires options on select and multiselect fields", () => {
    for (const type of ["select", "multiselect"]) {
      const config = base();
      config.data_fields.push({ entity: "visit", name: "pick_one", label: "Pick", type, options: [] });
      expect(issues(config)).toContainEqual({
        path: `data_fields.${config.data_fields.length - 1}.options`,
        message: "Select fields must have at least one option",
      });
    }
  });

  it("checks visit type codes: format, uniqueness and order", () => {
    const config = base();
    config.visit_types.push({ code: "Week 8", label: "Week 8", order: 7 });
    config.visit_types.push({ code: "baseline", label: "Again", order: 8 });
    config.visit_types.push({ code: "late", label: "Late", order: 0 });
    const found = issues(config);
    expect(found).toContainEqual({
      path: "visit_types.6.code",
      message: "Code must contain only lowercase letters, numbers, and underscores",
    });
    expect(found).toContainEqual({ path: "visit_types.7.code", message: "Code must be unique" });
    expect(found).toContainEqual({ path: "visit_types.8.order", message: "Order must be at least 1" });
  });

  it("checks categories: code and label required, code unique per entity", () => {
    const config = base();
    config.categories.push({ code: "", label: "x", entity: "visit" });
    config.categories.push({ code: "efficacy", label: "Efficacy again", entity: "visit" });
    config.categories.push({ code: "efficacy", label: "Patient efficacy", entity: "patient" });
    const found = issues(config);
    const n = config.categories.length;
    expect(found).toContainEqual({ path: `categories.${n - 3}`, message: "Code and Label are required" });
    expect(found).toContainEqual({
      path: `categories.${n - 2}.code`,
      message: "Category code must be unique",
    });
    expect(found.filter((i) => i.path === `categories.${n - 1}.code`)).toEqual([]);
  });

  it("checks calculation names and rejects circular dependencies", () => {
    const config = base();
    config.calculations.push({
      name: "Bad Name",
      label: "Bad",
      formula: { type: "sum", fields: ["pasi_score"] },
    });
    expect(issues(config)).toContainEqual({
      path: `calculations.${config.calculations.length - 1}.name`,
      message: inEnglish(MESSAGES.calculationName),
    });

    const cyclic = base();
    cyclic.calculations = [
      {
        name: "a_calc",
        label: "A",
        formula: { type: "custom_expression", expression: "data['b_calc'] + 1" },
      },
      {
        name: "b_calc",
        label: "B",
        formula: { type: "threshold", field: "a_calc", operator: "gt", threshold: 1 },
      },
    ];
    const found = issues(cyclic);
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe("calculations");
    expect(found[0]!.message).toMatch(
      /^Calculations form a circular dependency: (a_calc → b_calc → a_calc|b_calc → a_calc → b_calc)$/,
    );
  });

  it("reports a custom expression that does not parse", () => {
    const config = base();
    config.calculations.push({
      name: "broken",
      label: "Broken",
      formula: { type: "custom_expression", expression: "data['x'] +" },
    });
    expect(
      issues(config).some(
        (i) => i.path === `calculations.${config.calculations.length - 1}.formula.expression`,
      ),
    ).toBe(true);
  });

  it("checks therapy switch fields with the Italian messages", () => {
    const config = base();
    const fields = config.therapy_switch_config.switch_fields;
    fields.push({ name: "", label: "", type: "text" });
    fields.push({ ...fields[0] });
    fields.push({
      name: "note",
      label: "Nota",
      type: "text",
      conditional_on: { field: "switch_date", value: "x" },
    });
    // The spec's Italian wording, in the Italian catalogue (English readers get "Name and Label are required").
    const found = StudyConfigSchema.safeParse(config).error!.issues.map((i) => words(i.message, "it"));
    expect(found).toContain("Nome e Label sono obbligatori");
    expect(found).toContain("Un campo con questo nome esiste già");
    expect(found).toContain("La logica condizionale è consentita solo su un altro campo select");
  });

  it("accepts only colour lengths CSS understands (#rgb, #rgba, #rrggbb, #rrggbbaa)", () => {
    for (const colour of ["#abc", "#abcd", "#1d4ed8", "#1d4ed880"]) {
      const config = base();
      config.ui_settings = { ...config.ui_settings, primary_color: colour };
      expect(issues(config)).toEqual([]);
    }
    for (const colour of ["#12345", "#1234567", "#12", "1d4ed8", "#1d4ed8 "]) {
      const config = base();
      config.ui_settings = { ...config.ui_settings, primary_color: colour };
      expect(issues(config)).toEqual([
        { path: "ui_settings.primary_color", message: "Colour must be a hex value such as #1d4ed8" },
      ]);
    }
  });

  it("rejects unknown condition operators and conditions nested too deeply", () => {
    const config = base();
    config.data_fields[0].show_if = { field: "sex", operator: "resembles", value: "M" };
    expect(issues(config).some((i) => i.path.startsWith("data_fields.0.show_if"))).toBe(true);

    const deep = base();
    let condition: unknown = { field: "sex", operator: "eq", value: "M" };
    for (let i = 0; i < 9; i++) condition = { and: [condition] };
    deep.data_fields[0].show_if = condition;
    expect(issues(deep)).toContainEqual({
      path: "data_fields.0.show_if",
      message: inEnglish(MESSAGES.conditionTooDeep),
    });
  });
});

describe("demo study calculations (worked example)", () => {
  it("PASI 20 at baseline and 4 now: 80% improvement, PASI75 achieved; 6 now: 70%, not achieved", async () => {
    const { runCalculations } = await import("@/lib/calc");
    const { calculations } = StudyConfigSchema.parse(DEMO_STUDY_CONFIG);
    const baselineValues = { pasi_score: 20, dlqi_score: 14, itch_nrs: 7 };
    const good = runCalculations(
      calculations,
      { pasi_score: 4, dlqi_score: 3, itch_nrs: 2 },
      { baselineValues },
    );
    expect(good.results).toMatchObject({ pasi_improvement: 80, pasi75_achieved: true, pro_burden_total: 5 });
    expect(good.results.pasi_percent_of_max).toBeCloseTo(5.6, 10);
    const partial = runCalculations(
      calculations,
      { pasi_score: 6, dlqi_score: 3, itch_nrs: 2 },
      { baselineValues },
    );
    expect(partial.results).toMatchObject({ pasi_improvement: 70, pasi75_achieved: false });
    expect(partial.errors).toEqual({});
  });
});
