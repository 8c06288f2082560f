import { describe, expect, it } from "vitest";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import type { DataField } from "@/lib/schemas/study-config";
import {
  applyLabel,
  configPath,
  fieldIssues,
  importTemplateFields,
  nameFromLabel,
  newField,
  nextFieldName,
  orphanRisks,
  parseOptionText,
  uniqueName,
} from "@/lib/study-editor/data-fields";
import { MESSAGES } from "@/lib/schemas/study-config-rules";

const f = (
  name: string,
  entity: DataField["entity"] = "visit",
  extra: Partial<DataField> = {},
): DataField => ({
  name,
  entity,
  label: name,
  type: "text",
  ...extra,
});

describe("field naming (spec §5)", () => {
  it("names new fields field_{n} per entity, skipping taken names", () => {
    expect(nextFieldName([f("a"), f("field_2"), f("x", "patient")], "visit")).toBe("field_3");
    expect(newField([], "patient", "number", null)).toMatchObject({
      name: "field_1",
      label: "Field 1",
      validation: { min: 0, max: 100 },
    });
    expect(newField([], "visit", "select", "efficacy")).toMatchObject({ options: [], category: "efficacy" });
  });

  it("regenerates the name from the label while it starts with field_", () => {
    expect(applyLabel(f("field_1"), "PASI Score", "en").name).toBe("pasi_score");
    expect(applyLabel(f("pasi"), "Other", "en").name).toBe("pasi");
    expect(applyLabel({ ...f("pasi"), label: "PASI" }, "PASI 75", "en", true).name).toBe("pasi_75");
    // Bilingual: the name follows the study's default language's words (decision 0022).
    expect(applyLabel(f("field_1"), { it: "Età alla diagnosi", en: "Age at diagnosis" }, "it").name).toBe(
      "eta_alla_diagnosi",
    );
    expect(nameFromLabel("  Età  (anni) ")).toBe("eta_anni");
    expect(nameFromLabel("2nd dose")).toBe("nd_dose");
    expect(nameFromLabel("x".repeat(80))).toHaveLength(50);
  });

  it("makes imported names unique with _1, _2", () => {
    expect(uniqueName("pasi", new Set(["pasi", "pasi_1"]))).toBe("pasi_2");
    const imported = importTemplateFields(
      [f("pasi", "visit", { order: 4 }), f("dlqi")],
      "visit",
      [
        { name: "pasi", label: "PASI", type: "number", category: "efficacy" },
        {
          name: "flag",
          label: "Flag",
          type: "boolean",
          category: "nope",
          show_if: { field: "pasi", operator: "gt", value: 1 },
        },
      ],
      new Set(["efficacy"]),
    );
    expect(imported).toEqual([
      { name: "pasi_1", label: "PASI", type: "number", category: "efficacy", entity: "visit", order: 5 },
      {
        name: "flag",
        label: "Flag",
        type: "boolean",
        category: null,
        entity: "visit",
        order: 6,
        show_if: { field: "pasi_1", operator: "gt", value: 1 },
      },
    ]);
  });

  it("reads options one per line, value|label when they differ", () => {
    expect(parseOptionText("a\n\n b|Bee \n")).toEqual([
      { value: "a", label: "a" },
      { value: "b", label: "Bee" },
    ]);
  });
});

describe("issues onto cards", () => {
  it("reads server locs and browser paths alike", () => {
    expect(configPath(["body", "config", "data_fields", 7, "options"])).toEqual([
      "data_fields",
      7,
      "options",
    ]);
    expect(configPath(["body", "code"])).toBeNull();
    expect(configPath(["data_fields", "3", "name"])).toEqual(["data_fields", 3, "name"]);
  });

  it("groups the config check's messages by field", () => {
    const parsed = StudyConfigSchema.safeParse({
      version: 1,
      data_fields: [f("dup"), f("dup"), { ...f("sel"), type: "select" }],
    });
    expect(parsed.success).toBe(false);
    const byField = fieldIssues(
      parsed.error!.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })),
    );
    expect(byField.get(1)).toEqual({ name: MESSAGES.fieldNameUnique });
    expect(byField.get(2)).toEqual({ options: MESSAGES.selectNeedsOptions });
  });
});

describe("orphan risks", () => {
  it("names saved fields holding data that were renamed or removed", () => {
    const saved = [f("a"), f("b"), f("c", "patient"), f("d")];
    const usage = { patient: { c: 2 }, visit: { a: 3, b: 1 } };
    const risks = orphanRisks(saved, usage, (field) =>
      field.name === "a" ? "a2" : field.name === "c" ? null : field.name,
    );
    expect(risks).toEqual([
      { entity: "visit", name: "a", count: 3, kind: "renamed" },
      { entity: "patient", name: "c", count: 2, kind: "removed" },
    ]);
  });
});
