import { describe, expect, it } from "vitest";
import { evaluateCondition, parseNumber } from "@/lib/forms";
// The engine's messages in English words (its references read with the en catalogue).
import { runCalculations, validateFieldValue } from "@/tests/support/engine-words";
import type { Calculation } from "@/lib/schemas/study-config";

// " 12" was `gt 10` false in conditions, true in a threshold calculation and refused
// by validation. Now one rule (lib/forms/parse-number.ts) decides for all three.

const threshold: Calculation = {
  name: "high",
  label: "High",
  formula: { type: "threshold", field: "score", operator: "gt", threshold: 10 },
};
const sum: Calculation = {
  name: "total",
  label: "Total",
  formula: { type: "sum", fields: ["score", "other"] },
};
const average: Calculation = {
  name: "mean",
  label: "Mean",
  formula: { type: "average", fields: ["score", "other"] },
};
const improvement: Calculation = {
  name: "gain",
  label: "Gain",
  formula: {
    type: "improvement_percentage",
    baseline_field: "score",
    baseline_visit: "V0",
    current_field: "score",
  },
};
const numberField = { type: "number", label: "Score" };

describe('" 12" under the one number rule', () => {
  it("is not a number in a threshold calculation (it was: true)", () => {
    expect(runCalculations([threshold], { score: " 12" })).toEqual({
      results: { high: null },
      errors: { high: "Value of score is not a number" },
    });
  });

  it("is not a number in sum, average or improvement_percentage either", () => {
    for (const calc of [sum, average]) {
      expect(runCalculations([calc], { score: " 12", other: 1 }).errors).toEqual({
        [calc.name]: "Value of score is not a number",
      });
    }
    expect(runCalculations([improvement], { score: 5 }, { baselineValues: { score: "20 " } }).errors).toEqual(
      {
        gain: "Baseline value for score is not a number",
      },
    );
    expect(
      runCalculations([improvement], { score: "\t5" }, { baselineValues: { score: 20 } }).errors,
    ).toEqual({
      gain: "Value of score is not a number",
    });
  });

  it("is neither greater nor smaller than 10 in conditions, and refused by validation", () => {
    for (const operator of ["gt", "gte", "lt", "lte"] as const) {
      expect(evaluateCondition({ field: "score", operator, value: 10 }, { score: " 12" })).toBe(false);
    }
    expect(validateFieldValue(numberField, " 12", { required: true })).toEqual([
      { path: [], msg: "Score must be a number", type: "type_error" },
    ]);
    expect(parseNumber(" 12")).toBeUndefined();
  });

  it('"12" is 12 for all three', () => {
    expect(runCalculations([threshold], { score: "12" })).toEqual({ results: { high: true }, errors: {} });
    expect(runCalculations([sum, average], { score: "12", other: 4 }).results).toEqual({
      total: 16,
      mean: 8,
    });
    expect(evaluateCondition({ field: "score", operator: "gt", value: 10 }, { score: "12" })).toBe(true);
    expect(validateFieldValue(numberField, "12", { required: true })).toEqual([]);
    expect(parseNumber("12")).toBe(12);
  });

  it("reads exactly the browser's number grammar", () => {
    const good: [string, number][] = [
      ["0", 0],
      ["-0.5", -0.5],
      [".5", 0.5],
      ["1e3", 1000],
      ["1E-2", 0.01],
      ["2.5e+1", 25],
      ["007", 7],
    ];
    for (const [text, value] of good) expect(parseNumber(text)).toBe(value);
    const bad = [
      "",
      " ",
      "12 ",
      "\u00a012",
      "+1",
      "5.",
      "1,5",
      "1 000",
      "0x10",
      "0b1",
      "1_000",
      "Infinity",
      "-Infinity",
    ];
    for (const text of [...bad, "NaN", "1e999", "e3", "-", ".", "1e", "١٢", "1".repeat(101)]) {
      expect(parseNumber(text)).toBeUndefined();
    }
    for (const value of [NaN, Infinity, -Infinity, true, false, null, undefined, [1], { valueOf: () => 1 }]) {
      expect(parseNumber(value)).toBeUndefined();
    }
    expect(parseNumber(-0)).toBe(-0);
    expect(parseNumber(Number.MAX_VALUE)).toBe(Number.MAX_VALUE);
  });
});
