import { describe, expect, it } from "vitest";
import type {
  CategoryDocument as Category,
  DataFieldDocument as DataField,
} from "@/lib/schemas/study-config";
import { CODE_PATTERN } from "@/lib/schemas/study-config";
import {
  addCategory,
  categoriesForEntity,
  deleteCategory,
  fieldsInCategory,
  moveCategory,
  normalizeCategoryCode,
  renameCategory,
  validateCategoryLabel,
  validateNewCategory,
} from "@/lib/study-editor/categories";
import { MESSAGES } from "@/lib/schemas/study-config-rules";

const categories: Category[] = [
  { code: "demographic", label: "Demographics", order: 1, entity: "patient" },
  { code: "efficacy", label: "Efficacy", order: 1, entity: "visit" },
  { code: "history", label: "History", order: 2, entity: "patient" },
  { code: "safety", label: "Safety", order: 2, entity: "visit" },
  { code: "notes", label: "Notes", order: 3, entity: "patient" },
];

const field = (name: string, entity: DataField["entity"], category: string | null): DataField => ({
  name,
  entity,
  category,
  label: name,
  type: "text",
});

describe("normalizeCategoryCode", () => {
  it.each([
    ["Vital Signs", "vital_signs"],
    ["QoL-Score 2", "qol_score_2"],
    ["already_ok", "already_ok"],
    ["Età (anni)", "et___anni_"],
    ["vital ", "vital_"],
  ])("%j → %j", (input, output) => {
    expect(normalizeCategoryCode(input)).toBe(output);
  });

  it("always yields a code the config accepts", () => {
    for (const input of ["A b C", "ÜBER!", "x.y/z", "123"])
      expect(normalizeCategoryCode(input)).toMatch(CODE_PATTERN);
  });
});

describe("validation", () => {
  it("requires code and label with the spec's message", () => {
    expect(validateNewCategory({ code: "", label: "X" }, categories, "patient", "en")).toEqual({
      ok: false,
      error: MESSAGES.categoryRequired,
    });
    expect(validateNewCategory({ code: "x", label: "  " }, categories, "patient", "en")).toEqual({
      ok: false,
      error: MESSAGES.categoryRequired,
    });
    expect(validateCategoryLabel(" ", "en")).toEqual({ ok: false, error: MESSAGES.categoryRequired });
    expect(validateCategoryLabel(" New ", "en")).toEqual({ ok: true, value: "New" });
  });

  it("trims each language of a bilingual label and keeps both (decision 0022)", () => {
    expect(validateCategoryLabel({ it: " Anamnesi ", en: " History " }, "it")).toEqual({
      ok: true,
      value: { it: "Anamnesi", en: "History" },
    });
    // Only the default language has words: the study's plain text, as before bilingual content.
    expect(validateCategoryLabel({ it: " Anamnesi ", en: " " }, "it")).toEqual({
      ok: true,
      value: "Anamnesi",
    });
    // Only the other language: it stays marked as English.
    expect(validateCategoryLabel({ it: "", en: "History" }, "it")).toEqual({
      ok: true,
      value: { it: "", en: "History" },
    });
    expect(validateCategoryLabel({ it: " ", en: " " }, "it")).toEqual({
      ok: false,
      error: MESSAGES.categoryRequired,
    });
    expect(
      validateNewCategory({ code: "Labs", label: { it: "Esami", en: " Labs" } }, categories, "visit", "en"),
    ).toEqual({ ok: true, value: { code: "labs", label: { it: "Esami", en: "Labs" } } });
  });

  it("keeps codes unique per entity", () => {
    expect(validateNewCategory({ code: "efficacy", label: "E" }, categories, "visit", "en")).toEqual({
      ok: false,
      error: MESSAGES.categoryUnique,
    });
    expect(validateNewCategory({ code: "Efficacy", label: " E " }, categories, "patient", "en")).toEqual({
      ok: true,
      value: { code: "efficacy", label: "E" },
    });
  });
});

describe("list helpers", () => {
  it("lists one entity's categories by order", () => {
    expect(categoriesForEntity(categories, "patient").map((c) => c.code)).toEqual([
      "demographic",
      "history",
      "notes",
    ]);
  });

  it("adds after the entity's last category", () => {
    const next = addCategory(categories, "visit", { code: "labs", label: "Labs" });
    expect(next.at(-1)).toEqual({ code: "labs", label: "Labs", order: 3, entity: "visit" });
    expect(addCategory([], "patient", { code: "a", label: "A" })[0]?.order).toBe(1);
  });

  it("renames only the label of the right entity's category", () => {
    const both: Category[] = [
      { code: "general", label: "General", order: 1, entity: "patient" },
      { code: "general", label: "General", order: 1, entity: "visit" },
    ];
    expect(renameCategory(both, "visit", "general", "Visit general")).toEqual([
      both[0],
      { code: "general", label: "Visit general", order: 1, entity: "visit" },
    ]);
  });

  it("moves within an entity by swapping order values, leaving the other entity alone", () => {
    const moved = moveCategory(categories, "patient", "notes", "up");
    expect(categoriesForEntity(moved, "patient").map((c) => [c.code, c.order])).toEqual([
      ["demographic", 1],
      ["notes", 2],
      ["history", 3],
    ]);
    expect(categoriesForEntity(moved, "visit")).toEqual(categoriesForEntity(categories, "visit"));
    expect(moved.map((c) => c.code)).toEqual(categories.map((c) => c.code));
    expect(moveCategory(categories, "patient", "demographic", "up")).toEqual(categories);
  });

  it("numbers categories without an order before swapping", () => {
    const loose: Category[] = [
      { code: "a", label: "A", entity: "visit" },
      { code: "b", label: "B", entity: "visit" },
    ];
    expect(moveCategory(loose, "visit", "a", "down")).toEqual([
      { code: "a", label: "A", order: 2, entity: "visit" },
      { code: "b", label: "B", order: 1, entity: "visit" },
    ]);
  });

  it("deletes a category and leaves its fields uncategorized, in that entity only", () => {
    const shared: Category[] = [
      ...categories,
      { code: "notes", label: "Visit notes", order: 3, entity: "visit" },
    ];
    const fields = [
      field("comment", "patient", "notes"),
      field("visit_comment", "visit", "notes"),
      field("age", "patient", "demographic"),
    ];
    const result = deleteCategory(shared, fields, "patient", "notes");
    expect(result.categories).toHaveLength(shared.length - 1);
    expect(result.categories.some((c) => c.entity === "visit" && c.code === "notes")).toBe(true);
    expect(result.dataFields).toEqual([{ ...fields[0], category: null }, fields[1], fields[2]]);
    expect(fieldsInCategory(result.dataFields, "visit", "notes").map((f) => f.name)).toEqual([
      "visit_comment",
    ]);
  });
});
