import { describe, expect, it } from "vitest";
import { evaluateCondition, isEmptyValue, MAX_CONDITION_EVAL_DEPTH, parseNumber } from "@/lib/forms";
import type { Condition, ConditionOperator, ConditionValue } from "@/lib/schemas/study-config";

const cond = (operator: ConditionOperator, value?: ConditionValue): Condition =>
  value === undefined ? { field: "x", operator } : { field: "x", operator, value };
const check = (fieldValue: unknown, operator: ConditionOperator, value?: ConditionValue) =>
  evaluateCondition(cond(operator, value), fieldValue === undefined ? {} : { x: fieldValue });

describe("evaluateCondition: no condition", () => {
  it("holds for undefined and null", () => {
    expect(evaluateCondition(undefined, {})).toBe(true);
    expect(evaluateCondition(null, { x: 1 })).toBe(true);
  });
});

describe("eq / ne", () => {
  it("compares strings, numbers and booleans strictly", () => {
    expect(check("a", "eq", "a")).toBe(true);
    expect(check("a", "eq", "A")).toBe(false);
    expect(check(3, "eq", 3)).toBe(true);
    expect(check(true, "eq", true)).toBe(true);
    expect(check(false, "eq", true)).toBe(false);
    expect(check(false, "ne", true)).toBe(true);
    expect(check("a", "ne", "a")).toBe(false);
  });

  it("bridges a number and a decimal-literal string of the same value, nothing looser", () => {
    expect(check("3", "eq", 3)).toBe(true);
    expect(check(3, "eq", "3")).toBe(true);
    expect(check("3.0", "eq", 3)).toBe(true);
    expect(check("-0.5", "eq", -0.5)).toBe(true);
    expect(check("1e3", "eq", 1000)).toBe(true);
    expect(check("3", "eq", 4)).toBe(false);
    expect(check("", "eq", 0)).toBe(false);
    expect(check(" 3", "eq", 3)).toBe(false);
    expect(check("0x10", "eq", 16)).toBe(false);
    expect(check("Infinity", "eq", Infinity)).toBe(false);
    expect(check("3", "ne", 3)).toBe(false);
  });

  it("compares two strings as text and never equates booleans with strings or numbers", () => {
    expect(check("3", "eq", "3.0")).toBe(false);
    expect(check(true, "eq", "true")).toBe(false);
    expect(check("false", "eq", false)).toBe(false);
    expect(check(true, "eq", 1)).toBe(false);
    expect(check(0, "eq", false)).toBe(false);
    expect(check(true, "ne", "true")).toBe(true);
  });

  it("treats null as equal to a missing value and NaN as equal to nothing", () => {
    expect(check(undefined, "eq", null)).toBe(true);
    expect(check(null, "eq", null)).toBe(true);
    expect(check(undefined, "ne", null)).toBe(false);
    expect(check("", "eq", null)).toBe(false);
    expect(check(NaN, "eq", NaN)).toBe(false);
    expect(check(undefined, "eq", false)).toBe(false);
    expect(check(undefined, "ne", true)).toBe(true);
  });

  it("compares arrays element by element, in order, and never equates objects", () => {
    expect(check(["a", "b"], "eq", ["a", "b"])).toBe(true);
    expect(check(["b", "a"], "eq", ["a", "b"])).toBe(false);
    expect(check(["a"], "eq", "a")).toBe(false);
    expect(check([1, "2"], "eq", ["1", 2])).toBe(true);
    expect(check({ a: 1 }, "eq", null)).toBe(false);
    expect(check({ a: 1 }, "ne", null)).toBe(true);
  });
});

describe("in / not_in", () => {
  it("finds a scalar field value in the list", () => {
    expect(check("b", "in", ["a", "b"])).toBe(true);
    expect(check("c", "in", ["a", "b"])).toBe(false);
    expect(check(2, "in", ["1", "2"])).toBe(true);
    expect(check("c", "not_in", ["a", "b"])).toBe(true);
    expect(check("a", "not_in", ["a", "b"])).toBe(false);
  });

  it("means any overlap for a multiselect (array) value", () => {
    expect(check(["x", "b"], "in", ["a", "b"])).toBe(true);
    expect(check(["x", "y"], "in", ["a", "b"])).toBe(false);
    expect(check([], "in", ["a"])).toBe(false);
    expect(check(["x", "b"], "not_in", ["a", "b"])).toBe(false);
    expect(check([], "not_in", ["a"])).toBe(true);
  });

  it("reads a scalar as a one-element list and a missing value as the empty list", () => {
    expect(check("a", "in", "a")).toBe(true);
    expect(check("a", "in")).toBe(false);
    expect(check(undefined, "in")).toBe(false);
    expect(check(undefined, "not_in", ["a"])).toBe(true);
    expect(check(undefined, "in", [null])).toBe(true);
  });
});

describe("contains", () => {
  it("finds a substring in a string value", () => {
    expect(check("psoriasis", "contains", "rias")).toBe(true);
    expect(check("psoriasis", "contains", "RIAS")).toBe(false);
    expect(check("abc3", "contains", 3)).toBe(false);
  });

  it("finds an item in an array value", () => {
    expect(check(["plaque", "nail"], "contains", "nail")).toBe(true);
    expect(check(["plaque"], "contains", "nail")).toBe(false);
    expect(check(["1", "2"], "contains", 2)).toBe(true);
    expect(check(["a"], "contains", ["a"])).toBe(false);
  });

  it("is false for other values", () => {
    expect(check(undefined, "contains", "a")).toBe(false);
    expect(check(12, "contains", 1)).toBe(false);
    expect(check(true, "contains", true)).toBe(false);
  });
});

describe("is_empty / is_not_empty", () => {
  it.each([
    [undefined, true],
    [null, true],
    ["", true],
    ["  \t\n", true],
    [[], true],
    [NaN, true],
    ["a", false],
    [0, false],
    [false, false],
    [["a"], false],
    [{}, false],
  ])("%j is empty: %s", (value, empty) => {
    expect(check(value, "is_empty")).toBe(empty);
    expect(check(value, "is_not_empty")).toBe(!empty);
    expect(isEmptyValue(value)).toBe(empty);
  });
});

describe("gt / gte / lt / lte on numbers only", () => {
  it("compares numbers", () => {
    expect(check(5, "gt", 4)).toBe(true);
    expect(check(4, "gt", 4)).toBe(false);
    expect(check(4, "gte", 4)).toBe(true);
    expect(check(3, "gte", 4)).toBe(false);
    expect(check(3, "lt", 4)).toBe(true);
    expect(check(4, "lt", 4)).toBe(false);
    expect(check(4, "lte", 4)).toBe(true);
    expect(check(5, "lte", 4)).toBe(false);
  });

  it("reads decimal-literal strings as numbers", () => {
    expect(check("5.5", "gt", 5)).toBe(true);
    expect(check(5, "lt", "10")).toBe(true);
    expect(check("10", "gt", "9")).toBe(true); // numerically, not "10" < "9" as text
  });

  it("is false when either side is not a finite number", () => {
    for (const op of ["gt", "gte", "lt", "lte"] as const) {
      expect(check(undefined, op, 0)).toBe(false);
      expect(check(null, op, 0)).toBe(false);
      expect(check("", op, 0)).toBe(false);
      expect(check("abc", op, 0)).toBe(false);
      expect(check(true, op, 0)).toBe(false);
      expect(check([5], op, 0)).toBe(false);
      expect(check(Infinity, op, 0)).toBe(false);
      expect(check(NaN, op, 0)).toBe(false);
      expect(check(5, op, "x")).toBe(false);
      expect(check(5, op, null)).toBe(false);
    }
  });

  it("parseNumber only accepts finite numbers and plain decimal literals", () => {
    expect([parseNumber(2), parseNumber("2.5"), parseNumber(".5"), parseNumber("-3e2")]).toEqual([
      2, 2.5, 0.5, -300,
    ]);
    for (const bad of ["", " 1", "1 ", "0x1", "1e999", "Infinity", "1,5", true, null, [1], Infinity]) {
      expect(parseNumber(bad)).toBeUndefined();
    }
  });
});

describe("unknown operator and malformed nodes", () => {
  it("counts an unknown operator as true (spec §5)", () => {
    const unknown = { field: "x", operator: "matches", value: "zzz" } as unknown as Condition;
    expect(evaluateCondition(unknown, { x: "a" })).toBe(true);
    expect(evaluateCondition({ or: [unknown] }, {})).toBe(true);
  });

  it("counts unreadable shapes as true", () => {
    expect(evaluateCondition("nonsense" as unknown as Condition, {})).toBe(true);
    expect(evaluateCondition({ and: "x" } as unknown as Condition, {})).toBe(true);
    expect(evaluateCondition({ or: 5 } as unknown as Condition, {})).toBe(true);
  });
});

describe("and / or", () => {
  const yes: Condition = { field: "a", operator: "eq", value: 1 };
  const no: Condition = { field: "a", operator: "eq", value: 2 };
  const values = { a: 1 };

  it("and: all must hold; empty holds", () => {
    expect(evaluateCondition({ and: [yes, yes] }, values)).toBe(true);
    expect(evaluateCondition({ and: [yes, no] }, values)).toBe(false);
    expect(evaluateCondition({ and: [] }, values)).toBe(true);
  });

  it("or: any must hold; empty does not", () => {
    expect(evaluateCondition({ or: [no, yes] }, values)).toBe(true);
    expect(evaluateCondition({ or: [no, no] }, values)).toBe(false);
    expect(evaluateCondition({ or: [] }, values)).toBe(false);
  });

  it("nests", () => {
    const tree: Condition = { and: [{ or: [no, { and: [yes, { or: [yes] }] }] }, { or: [yes, no] }] };
    expect(evaluateCondition(tree, values)).toBe(true);
    expect(evaluateCondition({ and: [tree, { or: [no] }] }, values)).toBe(false);
  });

  it("allows MAX_CONDITION_EVAL_DEPTH levels and answers false beyond, without overflowing", () => {
    const nest = (levels: number): Condition => {
      let node: Condition = yes;
      for (let i = 1; i < levels; i += 1) node = { and: [node] };
      return node;
    };
    expect(evaluateCondition(nest(MAX_CONDITION_EVAL_DEPTH), values)).toBe(true);
    expect(evaluateCondition(nest(MAX_CONDITION_EVAL_DEPTH + 1), values)).toBe(false);
    expect(evaluateCondition(nest(100_000), values)).toBe(false);
    const cyclic: { or: unknown[] } = { or: [] };
    cyclic.or.push(cyclic);
    expect(evaluateCondition(cyclic as unknown as Condition, values)).toBe(false);
  });
});

describe("own keys only", () => {
  it("does not read field values from the prototype", () => {
    expect(evaluateCondition({ field: "constructor", operator: "is_empty" }, {})).toBe(true);
    expect(evaluateCondition({ field: "__proto__", operator: "is_empty" }, {})).toBe(true);
    expect(evaluateCondition({ field: "toString", operator: "is_not_empty" }, {})).toBe(false);
    expect(evaluateCondition({ field: "hasOwnProperty", operator: "eq", value: null }, {})).toBe(true);
  });

  it("reads a field literally named __proto__ when it is an own key", () => {
    const values = JSON.parse('{"__proto__": "yes"}') as Record<string, unknown>;
    expect(evaluateCondition({ field: "__proto__", operator: "eq", value: "yes" }, values)).toBe(true);
  });
});
