import { describe, expect, it } from "vitest";
// The engine's messages in English words (its references read with the en catalogue).
import { validateSubmission } from "@/tests/support/engine-words";
import type { DataField } from "@/lib/schemas/study-config";

const field = (overrides: Partial<DataField> & Pick<DataField, "name">): DataField => ({
  entity: "visit",
  label: overrides.name,
  type: "text",
  ...overrides,
});
const isTrue = (name: string) => ({ field: name, operator: "eq", value: true }) as const;

describe("validateSubmission", () => {
  it("returns the 422 detail shape with loc prefix, and errors by dotted path", () => {
    const fields = [
      field({ name: "pasi", label: "PASI", type: "number", validation: { required: true, max: 72 } }),
      field({ name: "rows", label: "Rows", type: "array", schema: { x: { type: "number", label: "X" } } }),
    ];
    const result = validateSubmission(
      fields,
      { rows: [{ x: "1 " }] },
      { locPrefix: ["body", "data_fields"] },
    );
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual([
      { loc: ["body", "data_fields", "pasi"], msg: "PASI is required", type: "missing" },
      { loc: ["body", "data_fields", "rows", 0, "x"], msg: "X must be a number", type: "type_error" },
    ]);
    expect(result.errors).toEqual({ pasi: "PASI is required", "rows.0.x": "X must be a number" });
    expect(validateSubmission(fields, { pasi: 80 }).errors).toEqual({ pasi: "PASI must be at most 72" });
  });

  it("accepts valid values and returns them", () => {
    const fields = [field({ name: "a", type: "number" }), field({ name: "b", type: "boolean" })];
    expect(validateSubmission(fields, { a: 1, b: false })).toEqual({
      ok: true,
      values: { a: 1, b: false },
      missing: {},
      errors: {},
      issues: [],
      unknownKeys: [],
      unknownMissingKeys: [],
    });
  });

  it("stores a number field's decimal text as the number, in rows too", () => {
    const fields = [
      field({ name: "a", type: "number" }),
      field({ name: "t", type: "text" }),
      field({
        name: "rows",
        type: "array",
        schema: { x: { type: "number", label: "X" }, y: { type: "text", label: "Y" } },
      }),
    ];
    const result = validateSubmission(fields, { a: "12", t: "12", rows: [{ x: "-1.5e1", y: "3" }] });
    expect(result.ok).toBe(true);
    expect(result.values).toEqual({ a: 12, t: "12", rows: [{ x: -15, y: "3" }] });
  });

  it("judges conditions on number text as it will be stored, so stored data re-validates the same", () => {
    const score = field({ name: "score", type: "number" });
    const requiredIf = [
      score,
      field({ name: "detail", required_if: { field: "score", operator: "eq", value: "3" } }),
    ];
    const first = validateSubmission(requiredIf, { score: "3.0" });
    const again = validateSubmission(requiredIf, first.values);
    expect(first.values).toEqual({ score: 3 });
    expect([first.ok, first.errors]).toEqual([again.ok, again.errors]);

    const showIf = [score, field({ name: "note", show_if: { field: "score", operator: "eq", value: "3" } })];
    const shown = validateSubmission(showIf, { score: "3.0", note: "kept" });
    expect(validateSubmission(showIf, { ...shown.values, note: "kept" }).values).toEqual(shown.values);
  });

  it("reports keys that are no field and does not copy them", () => {
    const result = validateSubmission([field({ name: "a" })], { a: "x", pasi75_achieved: true, extra: 1 });
    expect(result.ok).toBe(true);
    expect(result.values).toEqual({ a: "x" });
    expect(result.unknownKeys).toEqual(["pasi75_achieved", "extra"]);
  });

  it("strips array-row keys that are not sub-fields and reports them by path", () => {
    const rows = field({ name: "rows", type: "array", schema: { x: { type: "text", label: "X" } } });
    const result = validateSubmission([rows], { rows: [{ x: "1", evil: 2 }, { y: 3 }] });
    expect(result.values).toEqual({ rows: [{ x: "1" }, {}] });
    expect(result.unknownKeys).toEqual(["rows.0.evil", "rows.1.y"]);
  });

  it("skips hidden fields (even required and invalid ones) and drops their values", () => {
    const fields = [
      field({ name: "flag", type: "boolean" }),
      field({ name: "detail", type: "number", validation: { required: true }, show_if: isTrue("flag") }),
    ];
    const result = validateSubmission(fields, { flag: false, detail: "garbage" });
    expect(result).toMatchObject({ ok: true, values: { flag: false }, unknownKeys: [] });
    expect(validateSubmission(fields, { flag: true }).errors).toEqual({ detail: "detail is required" });
  });

  it("drops show_in_form false fields", () => {
    const result = validateSubmission([field({ name: "internal", show_in_form: false })], { internal: "x" });
    expect(result).toMatchObject({ ok: true, values: {} });
  });

  it("drops values to a fixed point: a dropped value can hide the next field", () => {
    const fields = [
      field({ name: "d", show_if: isTrue("c") }),
      field({ name: "c", type: "boolean", show_if: isTrue("b") }),
      field({ name: "b", type: "boolean", show_if: isTrue("a") }),
      field({ name: "a", type: "boolean" }),
    ];
    const all = { a: true, b: true, c: true, d: "kept" };
    expect(validateSubmission(fields, all).values).toEqual(all);
    expect(validateSubmission(fields, { ...all, a: false }).values).toEqual({ a: false });
    expect(validateSubmission(fields, { ...all, b: false }).values).toEqual({ a: true, b: false });
  });

  it("settles a chain listed dependants-first too", () => {
    const fields = [
      field({ name: "d", show_if: isTrue("c") }),
      field({ name: "c", type: "boolean", show_if: isTrue("b") }),
      field({ name: "b", type: "boolean", show_if: isTrue("a") }),
      field({ name: "a", type: "boolean" }),
    ];
    expect(validateSubmission([...fields].reverse(), { a: false, b: true, c: true, d: "x" }).values).toEqual({
      a: false,
    });
  });

  it("resolves mutually exclusive fields in field order, whatever the key order", () => {
    const fields = [
      field({ name: "first", show_if: { field: "second", operator: "is_empty" } }),
      field({ name: "second", show_if: { field: "first", operator: "is_empty" } }),
    ];
    expect(validateSubmission(fields, { first: "1", second: "2" }).values).toEqual({ second: "2" });
    expect(validateSubmission(fields, { second: "2", first: "1" }).values).toEqual({ second: "2" });
  });

  it("validates a field that becomes visible once another value is dropped", () => {
    const fields = [
      field({ name: "gate", type: "boolean" }),
      field({ name: "secret", show_if: isTrue("gate") }),
      field({
        name: "fallback",
        validation: { required: true },
        show_if: { field: "secret", operator: "is_empty" },
      }),
    ];
    const result = validateSubmission(fields, { gate: false, secret: "s" });
    expect(result.values).toEqual({ gate: false });
    expect(result.errors).toEqual({ fallback: "fallback is required" });
  });

  it("treats a disabled field as not editable: value dropped, never required", () => {
    const fields = [
      field({ name: "resolved", type: "boolean" }),
      field({ name: "on", type: "date", validation: { required: true }, enable_if: isTrue("resolved") }),
    ];
    expect(validateSubmission(fields, { resolved: false, on: "not a date" })).toMatchObject({
      ok: true,
      values: { resolved: false },
    });
    expect(validateSubmission(fields, { resolved: true }).errors).toEqual({ on: "on is required" });
    expect(validateSubmission(fields, { resolved: true, on: "2025-01-02" }).values).toEqual({
      resolved: true,
      on: "2025-01-02",
    });
  });

  it("lets a dropped disabled value hide the fields that depend on it", () => {
    const fields = [
      field({ name: "resolved", type: "boolean" }),
      field({ name: "on", type: "date", enable_if: isTrue("resolved") }),
      field({ name: "note", show_if: { field: "on", operator: "is_not_empty" } }),
    ];
    const result = validateSubmission(fields, { resolved: false, on: "2025-01-02", note: "x" });
    expect(result.values).toEqual({ resolved: false });
  });

  it("applies required_if", () => {
    const fields = [
      field({ name: "other", type: "boolean" }),
      field({ name: "details", label: "Other comorbidity details", required_if: isTrue("other") }),
    ];
    expect(validateSubmission(fields, { other: true }).errors).toEqual({
      details: "Other comorbidity details is required",
    });
    expect(validateSubmission(fields, { other: false }).ok).toBe(true);
  });

  it("never reaches the prototype: fields and keys named __proto__ or constructor are plain data", () => {
    const fields = [
      field({ name: "__proto__" }),
      field({ name: "constructor", validation: { required: true } }),
    ];
    const input = JSON.parse('{"__proto__": "p", "toString": "t"}') as Record<string, unknown>;
    const result = validateSubmission(fields, input);
    expect(Object.getPrototypeOf(result.values)).toBe(Object.prototype);
    expect(Object.hasOwn(result.values, "__proto__")).toBe(true);
    expect(result.values["__proto__"]).toBe("p");
    expect(result.unknownKeys).toEqual(["toString"]);
    expect(result.errors).toEqual({ constructor: "constructor is required" });
    const protoError = validateSubmission([field({ name: "__proto__", validation: { required: true } })], {});
    expect(Object.hasOwn(protoError.errors, "__proto__")).toBe(true);
  });

  it("uses the first definition of a duplicated field name", () => {
    const fields = [
      field({ name: "a", type: "number" }),
      field({ name: "a", type: "text", validation: { required: true } }),
    ];
    expect(validateSubmission(fields, { a: 1 }).ok).toBe(true);
  });

  it("treats a non-object submission as empty", () => {
    const fields = [field({ name: "a", validation: { required: true } })];
    for (const bad of [null, "x", 5, ["a"]]) {
      const result = validateSubmission(fields, bad as unknown as Record<string, unknown>);
      expect(result.errors).toEqual({ a: "a is required" });
      expect(result.values).toEqual({});
    }
  });
});
