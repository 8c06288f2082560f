import { CONDITION_OPERATORS } from "@/lib/schemas/study-config";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateCondition } from "@/lib/forms";
import type { Condition } from "@/lib/schemas/study-config";

// ------------------------------------------------------------------------------------------------
// Reference model: the rules of lib/forms/conditions.ts written out as plainly as possible, for
// well-formed conditions. The property below checks the real evaluator agrees with it.
// ------------------------------------------------------------------------------------------------

function refNumber(x: unknown): number | undefined {
  if (typeof x === "number") {
    if (Number.isFinite(x)) return x;
    return undefined;
  }
  if (typeof x === "string") {
    // HTML's "valid floating-point number", nothing around it (lib/forms/parse-number.ts).
    const looksNumeric = x.length <= 100 && /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/.test(x);
    if (!looksNumeric) return undefined;
    const n = Number(x);
    if (Number.isFinite(n)) return n;
  }
  return undefined;
}

function refEmpty(x: unknown): boolean {
  if (x === undefined || x === null) return true;
  if (typeof x === "string" && x.trim() === "") return true;
  if (typeof x === "number" && Number.isNaN(x)) return true;
  if (Array.isArray(x) && x.length === 0) return true;
  return false;
}

function refSame(a: unknown, b: unknown): boolean {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return aMissing && bMissing;
  if (typeof a === "number" && typeof b === "string") return refNumber(b) === a;
  if (typeof a === "string" && typeof b === "number") return refNumber(a) === b;
  if (typeof a === "object" || typeof b === "object") return false;
  return a === b;
}

function refEq(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    return a.every((item, i) => refSame(item, b[i]));
  }
  if (Array.isArray(a) || Array.isArray(b)) return false;
  return refSame(a, b);
}

function refIn(a: unknown, list: unknown): boolean {
  let items: unknown[] = [];
  if (Array.isArray(list)) items = list;
  else if (list !== undefined) items = [list];
  const mine = Array.isArray(a) ? a : [a];
  return mine.some((m) => items.some((i) => refSame(m, i)));
}

function refCompare(a: unknown, b: unknown, op: string): boolean {
  const x = refNumber(a);
  const y = refNumber(b);
  if (x === undefined || y === undefined) return false;
  if (op === "gt") return x > y;
  if (op === "gte") return x >= y;
  if (op === "lt") return x < y;
  return x <= y;
}

type RefNode = { and?: RefNode[]; or?: RefNode[]; field?: string; operator?: string; value?: unknown };

function reference(node: RefNode, values: Record<string, unknown>): boolean {
  if (node.and) return node.and.every((child) => reference(child, values));
  if (node.or) return node.or.some((child) => reference(child, values));
  const a = Object.hasOwn(values, node.field ?? "") ? values[node.field ?? ""] : undefined;
  const b = node.value;
  switch (node.operator) {
    case "eq":
      return refEq(a, b);
    case "ne":
      return !refEq(a, b);
    case "in":
      return refIn(a, b);
    case "not_in":
      return !refIn(a, b);
    case "contains":
      if (typeof a === "string") return typeof b === "string" && a.includes(b);
      if (Array.isArray(a)) return !Array.isArray(b) && a.some((item) => refSame(item, b));
      return false;
    case "is_empty":
      return refEmpty(a);
    case "is_not_empty":
      return !refEmpty(a);
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      return refCompare(a, b, node.operator);
    default:
      return true;
  }
}

// ------------------------------------------------------------------------------------------------
// Generators: values are drawn mostly from one small pool shared by field values and condition
// values, so equal, numerically equal and blank values meet often; plus some random strings and
// doubles. A few field names, so conditions hit present and missing keys (and prototype names).
// ------------------------------------------------------------------------------------------------

const FIELDS = ["a", "b", "c", "constructor", "__proto__"];
// The operators are data, not logic: the reference model below stays independent of the engine.
const OPERATORS: readonly string[] = CONDITION_OPERATORS;
const POOL = [
  ...["", " ", "\t", "0", "1", "3", "3.0", "-2.5", "1e2", ".5", "true", "false", "abc", "b", "a b", "0x1"],
  ...["Infinity", "1 "],
  ...[0, 1, 3, -2.5, 100, 0.5, -0, NaN, Infinity, true, false, null],
];

const scalar = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...POOL) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
  { weight: 1, arbitrary: fc.double() },
);
const list = fc.array(scalar, { maxLength: 3 });
const conditionValue = fc.oneof({ weight: 3, arbitrary: scalar }, { weight: 1, arbitrary: list });
const fieldValue = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: list },
  { weight: 1, arbitrary: fc.constant({}) },
);

const leaf = fc.record(
  {
    field: fc.oneof({ weight: 6, arbitrary: fc.constantFrom("a", "b", "c") }, fc.constantFrom(...FIELDS)),
    operator: fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...OPERATORS) }, fc.constant("unknown_op")),
    value: conditionValue,
  },
  { requiredKeys: ["field", "operator"] },
);

const tree = fc.letrec<{ node: RefNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", maxDepth: 4 },
    leaf,
    fc.record({ and: fc.array(tie("node"), { maxLength: 3 }) }),
    fc.record({ or: fc.array(tie("node"), { maxLength: 3 }) }),
  ),
})).node;

const valueMap = fc
  .array(fc.tuple(fc.constantFrom(...FIELDS), fieldValue), { maxLength: 6 })
  .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);

describe("evaluateCondition properties", () => {
  it("agrees with the reference model on single comparisons", () => {
    fc.assert(
      fc.property(leaf, valueMap, (node, values) => {
        expect(evaluateCondition(node as Condition, values)).toBe(reference(node, values));
      }),
      { numRuns: 5000 },
    );
  });

  it("agrees with the reference model on and/or trees up to depth 4", () => {
    fc.assert(
      fc.property(tree, valueMap, (node, values) => {
        expect(evaluateCondition(node as Condition, values)).toBe(reference(node, values));
      }),
      { numRuns: 3000 },
    );
  });

  it("never throws on arbitrary input and always answers a boolean", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (condition, values) => {
        const result = evaluateCondition(condition as Condition, values as Record<string, unknown>);
        expect(typeof result).toBe("boolean");
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on arbitrary JSON conditions", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()), (condition, values) => {
        expect(typeof evaluateCondition(condition as Condition, values)).toBe("boolean");
      }),
      { numRuns: 1000 },
    );
  });
});
