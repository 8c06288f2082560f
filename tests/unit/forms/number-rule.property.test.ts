import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCalculations } from "@/lib/calc";
import { evaluateCondition, parseNumber } from "@/lib/forms";
// The engine's messages in English words (its references read with the en catalogue).
import { validateFieldValue } from "@/tests/support/engine-words";
import type { Calculation, ThresholdOperator } from "@/lib/schemas/study-config";

// Validation accepts a value as a number iff conditions compare it numerically iff
// the threshold calculation treats it as a number — and when they do, they see the same number.

const SPACES = ["", "", "", " ", "  ", "\t", "\n", "\u00a0", "\u2009", "\ufeff"];
const digits = fc.array(fc.constantFrom(..."0123456789"), { maxLength: 4 }).map((list) => list.join(""));

/** Text that looks like a number, with the ways it can go wrong: spaces, signs, commas, exponents. */
const numericLooking = fc
  .record({
    before: fc.constantFrom(...SPACES),
    sign: fc.constantFrom("", "", "-", "+", "--"),
    integer: digits,
    separator: fc.constantFrom("", "", ".", ",", " ", "_"),
    fraction: digits,
    exponent: fc.oneof(
      fc.constant(""),
      fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits).map((p) => p.join("")),
    ),
    after: fc.constantFrom(...SPACES),
  })
  .map((p) => `${p.before}${p.sign}${p.integer}${p.separator}${p.fraction}${p.exponent}${p.after}`);

const special = fc.constantFrom(
  "",
  " ",
  " 12",
  "12 ",
  "12",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "0x10",
  "1,5",
  "1 000",
  "5.",
  "+5",
  ".5",
  "true",
  "null",
  "1".repeat(100),
  "1".repeat(101),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  numericLooking,
  special,
  fc.double(),
  fc.integer(),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, true, false, null, undefined),
  fc.string({ maxLength: 12 }),
  fc.array(fc.integer(), { maxLength: 2 }),
);

const finiteThreshold = fc.double({ noNaN: true, noDefaultInfinity: true });
const OPERATORS: ThresholdOperator[] = ["gt", "gte", "lt", "lte"];

function thresholdCalc(operator: ThresholdOperator, threshold: number): Calculation {
  return { name: "c", label: "C", formula: { type: "threshold", field: "x", operator, threshold } };
}

/** What each consumer makes of the value. */
function readings(value: unknown, threshold: number) {
  const validation = validateFieldValue({ type: "number", label: "X" }, value, { required: true });
  const gte = evaluateCondition({ field: "x", operator: "gte", value: threshold }, { x: value });
  const lt = evaluateCondition({ field: "x", operator: "lt", value: threshold }, { x: value });
  const calc = runCalculations([thresholdCalc("gte", threshold)], { x: value });
  return {
    validationAccepts: validation.length === 0,
    // A number is either ≥ or < any finite threshold; a non-number is neither.
    conditionsCompare: gte || lt,
    thresholdReads: calc.errors.c === undefined && typeof calc.results.c === "boolean",
    helper: parseNumber(value) !== undefined,
  };
}

describe("one number rule for conditions, calculations and validation", () => {
  it("all three agree on whether a value is a number", () => {
    fc.assert(
      fc.property(anyValue, finiteThreshold, (value, threshold) => {
        const seen = readings(value, threshold);
        expect(seen.conditionsCompare).toBe(seen.validationAccepts);
        expect(seen.thresholdReads).toBe(seen.validationAccepts);
        expect(seen.helper).toBe(seen.validationAccepts);
      }),
      { numRuns: 3000 },
    );
  });

  it("when it is a number, conditions and the threshold calculation compare the same number", () => {
    fc.assert(
      fc.property(anyValue, finiteThreshold, fc.constantFrom(...OPERATORS), (value, threshold, operator) => {
        const condition = evaluateCondition({ field: "x", operator, value: threshold }, { x: value });
        const calc = runCalculations([thresholdCalc(operator, threshold)], { x: value });
        if (parseNumber(value) === undefined) {
          expect(condition).toBe(false);
          expect(calc.results.c).toBeNull();
        } else {
          expect(calc.results.c).toBe(condition);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("validation's min/max and sum see the number the helper reads", () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const number = parseNumber(value);
        fc.pre(number !== undefined);
        const sum = runCalculations([{ name: "s", formula: { type: "sum", fields: ["x"] } }], {
          x: value,
        });
        expect(sum.results.s).toBe(0 + number); // a sum starts at 0, so -0 comes out as 0
        const field = { type: "number", label: "X", validation: { min: number, max: number } };
        expect(validateFieldValue(field, value, { required: true })).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});
