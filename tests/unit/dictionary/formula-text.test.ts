import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatFormula, parseFormulaText } from "@/lib/dictionary";
import { inEnglish, wordsIn } from "@/tests/support/words-in";
import {
  CalculationFormulaSchema,
  THRESHOLD_OPERATORS,
  type CalculationFormula,
} from "@/lib/schemas/study-config";

const name = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/),
  fc.string({ minLength: 1 }),
  fc.constantFrom("true", "a'b", "\\"),
);
const formula: fc.Arbitrary<CalculationFormula> = fc.oneof(
  fc.record({
    type: fc.constant("improvement_percentage" as const),
    baseline_field: name,
    baseline_visit: name,
    current_field: name,
  }),
  fc.record({
    type: fc.constant("threshold" as const),
    field: name,
    operator: fc.constantFrom(...THRESHOLD_OPERATORS),
    threshold: fc.double({ noNaN: true, noDefaultInfinity: true }),
  }),
  fc.record({
    type: fc.constantFrom("sum" as const, "average" as const),
    fields: fc.array(name, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    type: fc.constant("custom_expression" as const),
    expression: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
  }),
);

describe("calculation formulas as text", () => {
  it.each([
    [
      "improvement_percentage(current=pasi_score, baseline=pasi_score, baseline_visit=baseline)",
      {
        type: "improvement_percentage",
        baseline_field: "pasi_score",
        baseline_visit: "baseline",
        current_field: "pasi_score",
      },
    ],
    [
      "threshold(pasi_improvement >= 75)",
      { type: "threshold", field: "pasi_improvement", operator: "gte", threshold: 75 },
    ],
    ["sum(dlqi_score, itch_nrs)", { type: "sum", fields: ["dlqi_score", "itch_nrs"] }],
    ["average(a, b)", { type: "average", fields: ["a", "b"] }],
    ["custom: round(data['x'] / 2, 1)", { type: "custom_expression", expression: "round(data['x'] / 2, 1)" }],
  ])("%s", (text, parsed) => {
    expect(parseFormulaText(text)).toEqual({ ok: true, formula: parsed });
    expect(formatFormula(parsed as CalculationFormula)).toBe(text);
  });

  it("accepts improvement_percentage arguments in any order", () => {
    expect(parseFormulaText("improvement_percentage(baseline_visit=w0, baseline=b, current=c)")).toEqual({
      ok: true,
      formula: {
        type: "improvement_percentage",
        baseline_field: "b",
        baseline_visit: "w0",
        current_field: "c",
      },
    });
  });

  it.each([
    ["median(a, b)", /Unknown calculation 'median'/],
    ["threshold(a ~ 3)", /Unexpected character/],
    ["threshold(a >= x)", /Expected a number/],
    ["improvement_percentage(current=a, baseline=b)", /needs baseline_visit=/],
    ["sum(a, b", /Expected '\)'/],
    ["custom:", /needs a Python expression/],
  ])("refuses %j", (text, message) => {
    const parsed = parseFormulaText(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(inEnglish(parsed.error)).toMatch(message);
  });

  it("says the whole message, and where, in the reader's language", () => {
    const unknown = parseFormulaText("median(a, b)");
    expect(unknown.ok).toBe(false);
    if (unknown.ok) return;
    expect(inEnglish(unknown.error)).toBe(
      "Unknown calculation 'median': expected improvement_percentage(current=…, baseline=…, baseline_visit=…), threshold(field >= 75), sum(a, b), average(a, b) or custom: <expression> (at character 7)",
    );
    const twice = parseFormulaText("improvement_percentage(current=a, current=b)");
    if (!twice.ok) expect(inEnglish(twice.error)).toBe("current= is given twice (at character 35)");
    const open = parseFormulaText("sum(a, b");
    if (!open.ok) {
      expect(inEnglish(open.error)).toBe("Expected ')' (at the end)");
      expect(wordsIn("it")(open.error)).toBe("Atteso ')' (alla fine)");
    }
  });

  it("round-trips every formula exactly (format → parse)", () => {
    fc.assert(
      fc.property(formula, (f) => {
        expect(CalculationFormulaSchema.safeParse(f).success).toBe(true);
        const parsed = parseFormulaText(formatFormula(f));
        expect(parsed).toEqual({ ok: true, formula: f });
        if (parsed.ok && parsed.formula.type === "threshold" && f.type === "threshold")
          expect(Object.is(parsed.formula.threshold, f.threshold)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
