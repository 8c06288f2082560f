import { describe, expect, it } from "vitest";
import { fieldState, fieldsForEntity, groupFieldsByCategory } from "@/lib/forms";
import type { Category, DataField } from "@/lib/schemas/study-config";
import { demoConfig, demoField } from "./demo-fields";

const field = (overrides: Partial<DataField> & Pick<DataField, "name">): DataField => ({
  entity: "visit",
  label: overrides.name,
  type: "text",
  ...overrides,
});

describe("fieldState", () => {
  const flag = { field: "flag", operator: "eq", value: true } as const;

  it("is visible, enabled and optional without rules", () => {
    expect(fieldState(field({ name: "x" }), {})).toEqual({ visible: true, required: false, enabled: true });
  });

  it("follows show_if, and show_in_form false hides the field", () => {
    const shown = field({ name: "x", show_if: flag });
    expect(fieldState(shown, { flag: true }).visible).toBe(true);
    expect(fieldState(shown, { flag: false }).visible).toBe(false);
    expect(fieldState(field({ name: "x", show_in_form: false }), {}).visible).toBe(false);
    expect(fieldState(field({ name: "x", show_in_form: true }), {}).visible).toBe(true);
  });

  it("is required by validation.required or by required_if, only while visible", () => {
    expect(fieldState(field({ name: "x", validation: { required: true } }), {}).required).toBe(true);
    const conditional = field({ name: "x", required_if: flag });
    expect(fieldState(conditional, { flag: true }).required).toBe(true);
    expect(fieldState(conditional, { flag: false }).required).toBe(false);
    expect(fieldState(conditional, {}).required).toBe(false);
    const hidden = field({ name: "x", validation: { required: true }, show_if: flag });
    expect(fieldState(hidden, { flag: false })).toEqual({ visible: false, required: false, enabled: true });
  });

  it("follows enable_if; a disabled field is not required", () => {
    const gated = field({ name: "x", validation: { required: true }, enable_if: flag });
    expect(fieldState(gated, { flag: true })).toEqual({ visible: true, required: true, enabled: true });
    expect(fieldState(gated, { flag: false })).toEqual({ visible: true, required: false, enabled: false });
  });

  it("gives the demo ae_resolution_date its three states", () => {
    const date = demoField("ae_resolution_date");
    expect(fieldState(date, { adverse_event: false }).visible).toBe(false);
    expect(fieldState(date, { adverse_event: true, ae_resolved: false })).toEqual({
      visible: true,
      required: false,
      enabled: false,
    });
    expect(fieldState(date, { adverse_event: true, ae_resolved: true })).toEqual({
      visible: true,
      required: true,
      enabled: true,
    });
  });
});

describe("fieldsForEntity", () => {
  it("keeps the entity's fields, sorted by order then config position, unordered last", () => {
    const fields = [
      field({ name: "c", order: 2 }),
      field({ name: "p", entity: "patient", order: 0 }),
      field({ name: "none" }),
      field({ name: "a", order: 1 }),
      field({ name: "b", order: 2 }),
      field({ name: "nan", order: NaN }),
      field({ name: "neg", order: -1 }),
    ];
    expect(fieldsForEntity(fields, "visit").map((f) => f.name)).toEqual([
      "neg",
      "a",
      "c",
      "b",
      "none",
      "nan",
    ]);
    expect(fieldsForEntity(fields, "patient").map((f) => f.name)).toEqual(["p"]);
  });

  it("does not reorder its input", () => {
    const fields = [field({ name: "b", order: 2 }), field({ name: "a", order: 1 })];
    fieldsForEntity(fields, "visit");
    expect(fields.map((f) => f.name)).toEqual(["b", "a"]);
  });
});

describe("groupFieldsByCategory", () => {
  const categories: Category[] = [
    { code: "late", label: "Late", order: 5, entity: "visit" },
    { code: "early", label: "Early", order: 1, entity: "visit" },
    { code: "empty", label: "Empty", order: 2, entity: "visit" },
    { code: "pat", label: "Patient", order: 0, entity: "patient" },
    { code: "early", label: "Duplicate", order: 9, entity: "visit" },
  ];

  it("orders sections by category order, drops empty ones, puts uncategorized last", () => {
    const fields = [
      field({ name: "l1", category: "late", order: 1 }),
      field({ name: "e2", category: "early", order: 2 }),
      field({ name: "e1", category: "early", order: 1 }),
      field({ name: "orphan", category: "deleted_category" }),
      field({ name: "loose", category: null }),
      field({ name: "unset" }),
      field({ name: "other_entity_category", category: "pat" }),
      field({ name: "patient_field", entity: "patient", category: "early" }),
    ];
    const groups = groupFieldsByCategory(fields, categories, "visit");
    expect(groups.map((g) => [g.category?.label ?? null, g.fields.map((f) => f.name)])).toEqual([
      ["Early", ["e1", "e2"]],
      ["Late", ["l1"]],
      [null, ["orphan", "loose", "unset", "other_entity_category"]],
    ]);
  });

  it("has no trailing group when every field is categorized, and no group at all without fields", () => {
    const groups = groupFieldsByCategory([field({ name: "x", category: "late" })], categories, "visit");
    expect(groups.map((g) => g.category?.code)).toEqual(["late"]);
    expect(groupFieldsByCategory([], categories, "visit")).toEqual([]);
  });

  it("groups the demo study as configured", () => {
    const patient = groupFieldsByCategory(demoConfig.data_fields, demoConfig.categories, "patient");
    expect(patient.map((g) => g.category?.code)).toEqual(["demographic", "comorbidities", "therapy_history"]);
    expect(patient[0]?.fields[0]?.name).toBe("hospital_record_number");
    const visit = groupFieldsByCategory(demoConfig.data_fields, demoConfig.categories, "visit");
    expect(visit.map((g) => g.category?.code)).toEqual(["efficacy", "safety"]);
    expect(visit.flatMap((g) => g.fields)).toHaveLength(15);
  });
});
