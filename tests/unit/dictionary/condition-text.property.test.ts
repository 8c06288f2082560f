/**
 * Branching logic as text: formatting then parsing gives the very same condition, for every shape
 * the config schema accepts (any operator with or without a value, lists, nested and empty groups,
 * field names and strings full of brackets, quotes and backslashes).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCondition, parseConditionText } from "@/lib/dictionary";
import { CONDITION_OPERATORS, ConditionSchema, type Condition } from "@/lib/schemas/study-config";

const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.constantFrom("", "'", "\\", "]", "[x]", "a'b\\c", " and ", "or", "(", "null", "true", "é ñ\n\t"),
);
const scalar = fc.oneof(
  nastyText,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }));
const fieldName = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/),
  fc.string({ minLength: 1 }),
  fc.constantFrom("]", "\\", "a]b", "[", "and"),
);
const leaf = fc.record(
  { field: fieldName, operator: fc.constantFrom(...CONDITION_OPERATORS), value },
  { requiredKeys: ["field", "operator"] },
);
const { condition } = fc.letrec<{ condition: Condition }>((tie) => ({
  condition: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ and: fc.array(tie("condition"), { maxLength: 3 }) }),
    fc.record({ or: fc.array(tie("condition"), { maxLength: 3 }) }),
  ) as fc.Arbitrary<Condition>,
}));

describe("branching logic text", () => {
  it("round-trips every condition exactly (format → parse)", () => {
    fc.assert(
      fc.property(condition, (c) => {
        expect(ConditionSchema.safeParse(c).success).toBe(true);
        const text = formatCondition(c);
        const parsed = parseConditionText(text);
        expect(parsed, text).toEqual({ ok: true, condition: c });
        if (parsed.ok) expect(Object.is(JSON.stringify(parsed.condition), JSON.stringify(c))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("keeps -0 apart from 0", () => {
    const parsed = parseConditionText(formatCondition({ field: "a", operator: "gt", value: -0 }));
    expect(parsed.ok && Object.is((parsed.condition as { value: number }).value, -0)).toBe(true);
  });
});
