/**
 * Evaluation of show_if / required_if / enable_if conditions (spec §3, §5). Pure: the browser form
 * and the server's check of every write use this one function, so a field is hidden or required for
 * exactly the same reasons on both sides.
 *
 * The input is typed as a `Condition`, but the server may evaluate documents that came from anywhere,
 * so every step reads its input as `unknown`, only through own properties, and never throws.
 *
 * Comparison rules (the spec does not word them; these are our decisions):
 * - eq / ne compare strictly. The one normalisation: a number and a string are equal when the string
 *   is a number under the shared rule of parse-number.ts (`3`, `-0.5`, `1e3`; no spaces, hex,
 *   `Infinity`) of the same value, because select option values are strings ("3") while authors
 *   write `value: 3`. Two strings
 *   compare as text ("3" ≠ "3.0"); booleans never equal strings or numbers (true ≠ "true", true ≠ 1);
 *   null equals a missing value (JSON has no undefined). Arrays are equal element by element, in
 *   order. Objects never equal anything.
 * - in / not_in take a list (a single scalar is read as a one-element list, a missing value as the
 *   empty list). For an array field value (multiselect), `in` means any overlap.
 * - contains: substring of a string field value, or membership (by eq) in an array field value.
 * - gt / gte / lt / lte: both sides must be numbers under parseNumber (parse-number.ts); otherwise false.
 * - An unknown operator counts as true (spec §5); so does any node we cannot read (wrong shape),
 *   which the config schema rejects at write time anyway. Nesting deeper than
 *   MAX_CONDITION_EVAL_DEPTH counts as false, so hostile or cyclic input cannot overflow the stack.
 */
import type { Condition } from "@/lib/schemas/study-config";
import { parseNumber } from "./parse-number";

export const MAX_CONDITION_EVAL_DEPTH = 32;

type Scalar = string | number | boolean | null | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Own property only: a field called `__proto__` or `constructor` must not reach the prototype. */
export function ownValue(record: unknown, key: unknown): unknown {
  if (!isRecord(record) || typeof key !== "string") return undefined;
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Empty = missing, null, blank string, empty list. NaN counts too: a cleared number input read with
 * react-hook-form's valueAsNumber gives NaN, and it must not satisfy "required".
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof value === "number") return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function isScalar(value: unknown): value is Scalar {
  return value === undefined || value === null || ["string", "number", "boolean"].includes(typeof value);
}

function scalarEquals(a: unknown, b: unknown): boolean {
  if (!isScalar(a) || !isScalar(b)) return false;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a === "number" && typeof b === "string") return parseNumber(b) === a;
  if (typeof a === "string" && typeof b === "number") return parseNumber(a) === b;
  return a === b;
}

function valuesEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!scalarEquals(a[i], b[i])) return false;
    return true;
  }
  return scalarEquals(a, b);
}

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined ? [] : [value];
}

function isIn(fieldValue: unknown, conditionValue: unknown): boolean {
  const list = asList(conditionValue);
  const candidates = Array.isArray(fieldValue) ? fieldValue : [fieldValue];
  return candidates.some((candidate) => list.some((item) => scalarEquals(candidate, item)));
}

function contains(fieldValue: unknown, conditionValue: unknown): boolean {
  if (typeof fieldValue === "string")
    return typeof conditionValue === "string" && fieldValue.includes(conditionValue);
  if (Array.isArray(fieldValue))
    return isScalar(conditionValue) && fieldValue.some((v) => scalarEquals(v, conditionValue));
  return false;
}

function compareNumbers(
  fieldValue: unknown,
  conditionValue: unknown,
  test: (a: number, b: number) => boolean,
): boolean {
  const a = parseNumber(fieldValue);
  const b = parseNumber(conditionValue);
  return a !== undefined && b !== undefined && test(a, b);
}

function evaluateComparison(node: Record<string, unknown>, values: unknown): boolean {
  const fieldValue = ownValue(values, ownValue(node, "field"));
  const expected = ownValue(node, "value");
  switch (ownValue(node, "operator")) {
    case "eq":
      return valuesEqual(fieldValue, expected);
    case "ne":
      return !valuesEqual(fieldValue, expected);
    case "in":
      return isIn(fieldValue, expected);
    case "not_in":
      return !isIn(fieldValue, expected);
    case "contains":
      return contains(fieldValue, expected);
    case "is_empty":
      return isEmptyValue(fieldValue);
    case "is_not_empty":
      return !isEmptyValue(fieldValue);
    case "gt":
      return compareNumbers(fieldValue, expected, (a, b) => a > b);
    case "gte":
      return compareNumbers(fieldValue, expected, (a, b) => a >= b);
    case "lt":
      return compareNumbers(fieldValue, expected, (a, b) => a < b);
    case "lte":
      return compareNumbers(fieldValue, expected, (a, b) => a <= b);
    default:
      return true; // unknown operator (spec §5)
  }
}

function evaluateNode(node: unknown, values: unknown, depth: number): boolean {
  if (node === undefined || node === null) return true;
  if (depth > MAX_CONDITION_EVAL_DEPTH) return false;
  if (!isRecord(node)) return true;
  if (Object.hasOwn(node, "and")) {
    const list = node.and;
    if (!Array.isArray(list)) return true;
    for (let i = 0; i < list.length; i += 1) if (!evaluateNode(list[i], values, depth + 1)) return false;
    return true;
  }
  if (Object.hasOwn(node, "or")) {
    const list = node.or;
    if (!Array.isArray(list)) return true;
    for (let i = 0; i < list.length; i += 1) if (evaluateNode(list[i], values, depth + 1)) return true;
    return false;
  }
  return evaluateComparison(node, values);
}

/** True when the condition holds for these values; no condition at all holds. */
export function evaluateCondition(
  condition: Condition | undefined | null,
  values: Record<string, unknown>,
): boolean {
  return evaluateNode(condition, values, 1);
}
