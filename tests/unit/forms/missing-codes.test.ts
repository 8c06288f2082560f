/** The engine's missing-data code rules (docs/decisions/0023): the browser and the server share them. */
import { describe, expect, it } from "vitest";
import { runCalculations } from "@/lib/calc";
import {
  mergeMissing,
  missingCodeList,
  missingCodesOf,
  missingCodeText,
  validateSubmission,
} from "@/lib/forms";
import { readMessageRef } from "@/lib/i18n/message-ref";
import { DEFAULT_MISSING_CODES, type DataField } from "@/lib/schemas/study-config";
import { studyConfigIssues } from "@/lib/schemas/study-config-rules";
import { StudyConfigShape } from "@/lib/schemas/study-config";

const CODES = ["NA", "UNK", "ND"];

const FIELDS: DataField[] = [
  { entity: "visit", name: "pasi", label: "PASI", type: "number", validation: { required: true } },
  { entity: "visit", name: "ae", label: "Adverse event", type: "boolean" },
  {
    entity: "visit",
    name: "ae_text",
    label: "Description",
    type: "text",
    show_if: { field: "ae", operator: "eq", value: true },
    validation: { required: true },
  },
  {
    entity: "visit",
    name: "note",
    label: "Note",
    type: "text",
    show_if: { field: "ae", operator: "is_empty" },
  },
] as DataField[];

const check = (values: Record<string, unknown>, missing: Record<string, unknown>) =>
  validateSubmission(FIELDS, values, { missing, missingCodes: CODES, missingLocPrefix: ["body", "missing"] });

describe("the study's codes", () => {
  it("are the document's list, or the five defaults in the reader's language", () => {
    expect(missingCodeList({})).toEqual(["NA", "UNK", "ASKU", "NASK", "ND"]);
    expect(missingCodesOf({}, "it")[1]).toEqual({ code: "UNK", label: "Sconosciuto" });
    expect(missingCodesOf({}, "en")[1]).toEqual({ code: "UNK", label: "Unknown" });
    const own = { missing_codes: [{ code: "LOST", label: { it: "Perso", en: "Lost" } }] };
    expect(missingCodesOf(own, "en")).toEqual([{ code: "LOST", label: "Lost" }]);
    expect(missingCodeText(missingCodesOf({}, "en"), "UNK")).toBe("UNK · Unknown");
    expect(missingCodeText([], "GONE")).toBe("GONE");
  });

  it("must be unique and well formed in the document", () => {
    const doc = StudyConfigShape.parse({
      version: 1,
      missing_codes: [...DEFAULT_MISSING_CODES, { code: "UNK", label: "Again" }],
    });
    expect(studyConfigIssues(doc)).toEqual([expect.objectContaining({ path: ["missing_codes", 5, "code"] })]);
    expect(
      StudyConfigShape.safeParse({ version: 1, missing_codes: [{ code: "unk", label: "x" }] }).success,
    ).toBe(false);
  });
});

describe("validateSubmission with codes", () => {
  it("a code satisfies `required` and is kept", () => {
    const result = check({}, { pasi: "ND" });
    expect(result.ok).toBe(true);
    expect(result.missing).toEqual({ pasi: "ND" });
    expect(result.values).toEqual({});
  });

  it("a code and a value for one field is an issue at the value's path", () => {
    const result = check({ pasi: 4 }, { pasi: "ND" });
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual([
      expect.objectContaining({ loc: ["pasi"], type: "missing_code_and_value" }),
    ]);
    expect(readMessageRef(result.errors.pasi!)?.key).toBe("api.missing.codeAndValue");
  });

  it("an empty value beside a code is no conflict (a cleared input)", () => {
    expect(check({ pasi: "" }, { pasi: "ND" }).ok).toBe(true);
  });

  it("a code the study does not offer is an issue at the code's path, and names the code", () => {
    const result = check({}, { pasi: "MAYBE" });
    expect(result.issues).toEqual([
      expect.objectContaining({ loc: ["body", "missing", "pasi"], type: "unknown_missing_code" }),
    ]);
    expect(readMessageRef(result.errors.pasi!)?.values).toMatchObject({ code: "MAYBE" });
    expect(check({}, { pasi: 3 }).ok).toBe(false);
  });

  it("codes of hidden fields are dropped like their values", () => {
    const result = check({ pasi: 3, ae: false }, { ae_text: "UNK" });
    expect(result.ok).toBe(true);
    expect(result.missing).toEqual({});
  });

  it("a field answered with a code is empty to conditions", () => {
    // `ae` coded: the description (shown if ae is true) stays hidden, the note (shown while ae is empty) shows.
    const result = check({ pasi: 3, note: "asked next visit" }, { ae: "UNK" });
    expect(result.ok).toBe(true);
    expect(result.values).toEqual({ pasi: 3, note: "asked next visit" });
    expect(result.missing).toEqual({ ae: "UNK" });
  });

  it("null entries are no code; keys that are no field are reported apart", () => {
    const result = check({ pasi: 1 }, { pasi: null, ghost: "UNK" });
    expect(result.ok).toBe(true);
    expect(result.unknownMissingKeys).toEqual(["ghost"]);
  });
});

describe("mergeMissing (an update over stored data)", () => {
  const stored = { values: { pasi: 4, ae: true }, missing: { note: "NA" } };
  it("a value sent replaces the stored code; a code sent replaces the stored value; null clears", () => {
    expect(mergeMissing(stored, { values: { note: "x" }, missing: {} })).toEqual({
      values: { pasi: 4, ae: true, note: "x" },
      missing: {},
    });
    expect(mergeMissing(stored, { values: {}, missing: { pasi: "ND" } })).toEqual({
      values: { ae: true },
      missing: { note: "NA", pasi: "ND" },
    });
    expect(mergeMissing(stored, { values: {}, missing: { note: null } })).toEqual({
      values: { pasi: 4, ae: true },
      missing: {},
    });
    // Both sent for one field stay both, for the engine to refuse.
    expect(mergeMissing(stored, { values: { pasi: 5 }, missing: { pasi: "ND" } }).missing).toMatchObject({
      pasi: "ND",
    });
  });
});

describe("calculations never read a code as a number", () => {
  const calcs = [
    { name: "total", formula: { type: "sum" as const, fields: ["a", "b"] } },
    { name: "doubled", formula: { type: "custom_expression" as const, expression: "data['a'] * 2" } },
    {
      name: "improvement",
      formula: {
        type: "improvement_percentage" as const,
        baseline_field: "a",
        baseline_visit: "baseline",
        current_field: "a",
      },
    },
  ];

  it("no value, and the reason names the field and its code", () => {
    const run = runCalculations(calcs, { b: 2 }, { missing: { a: "ND" }, baselineValues: { a: 10 } });
    expect(run.results).toEqual({ total: null, doubled: null, improvement: null });
    for (const name of ["total", "doubled", "improvement"]) {
      const reason = readMessageRef(run.errors[name]!);
      expect(reason).toEqual({ key: "missing.calc.code", values: { field: "a", code: "ND" } });
    }
  });

  it("a code on the baseline visit's field says so", () => {
    const run = runCalculations(calcs, { a: 4, b: 2 }, { baselineValues: {}, baselineMissing: { a: "UNK" } });
    expect(run.results).toMatchObject({ total: 6, doubled: 8, improvement: null });
    expect(readMessageRef(run.errors.improvement!)).toEqual({
      key: "missing.calc.baselineCode",
      values: { field: "a", code: "UNK", visit: "baseline" },
    });
  });
});
