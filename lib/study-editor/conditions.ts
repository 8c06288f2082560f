/**
 * Building show_if / required_if / enable_if conditions in the editor (spec §3): which value input
 * an operator takes against a target field, and immutable edits of the and/or tree by path. The
 * config it produces is what lib/forms/conditions.ts evaluates; nothing is normalised on the way,
 * so a tree read from a stored config comes back unchanged.
 */
import type {
  Condition,
  ConditionOperator,
  ConditionValue,
  DataFieldDocument,
  FieldCondition,
  FieldOptionDocument,
} from "@/lib/schemas/study-config";
import { CONDITION_OPERATORS } from "@/lib/schemas/study-config";
import { parseNumber } from "@/lib/forms/parse-number";

export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  eq: "equals",
  ne: "does not equal",
  gt: "is greater than",
  gte: "is at least",
  lt: "is less than",
  lte: "is at most",
  in: "is one of",
  not_in: "is not one of",
  contains: "contains",
  is_empty: "is empty",
  is_not_empty: "is not empty",
};

export { CONDITION_OPERATORS };

/** A field a condition may look at. */
export type ConditionTarget = Pick<DataFieldDocument, "name" | "label" | "type" | "options">;

/** How the value is entered: none, one number, one option / yes-no / text, or a list. */
export type ValueKind = "none" | "number" | "option" | "boolean" | "text" | "option-list" | "text-list";

const NUMERIC_OPERATORS: ReadonlySet<string> = new Set(["gt", "gte", "lt", "lte"]);
const LIST_OPERATORS: ReadonlySet<string> = new Set(["in", "not_in"]);
const OPTION_TYPES: ReadonlySet<string> = new Set(["select", "multiselect", "radio"]);
const BOOLEAN_TYPES: ReadonlySet<string> = new Set(["boolean", "checkbox"]);

export function valueKind(operator: string, target: ConditionTarget | undefined): ValueKind {
  if (operator === "is_empty" || operator === "is_not_empty") return "none";
  // gt, gte, lt, lte work on numbers only (spec §5).
  if (NUMERIC_OPERATORS.has(operator)) return "number";
  const hasOptions = !!target && OPTION_TYPES.has(target.type) && (target.options?.length ?? 0) > 0;
  if (LIST_OPERATORS.has(operator)) return hasOptions ? "option-list" : "text-list";
  if (hasOptions) return "option";
  if (target && BOOLEAN_TYPES.has(target.type)) return "boolean";
  if (target?.type === "number") return "number";
  return "text";
}

/** The value a comparison starts with, or keeps when its operator or field changes. */
export function defaultValue(
  kind: ValueKind,
  options: readonly FieldOptionDocument[] = [],
): ConditionValue | undefined {
  switch (kind) {
    case "none":
      return undefined;
    case "number":
      return 0;
    case "boolean":
      return true;
    case "option":
      return options[0]?.value ?? "";
    case "option-list":
    case "text-list":
      return [];
    case "text":
      return "";
  }
}

/** Whether the value already fits the kind (then a change of operator keeps it). */
function fits(kind: ValueKind, value: ConditionValue | undefined): boolean {
  switch (kind) {
    case "none":
      return value === undefined;
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "option":
    case "text":
      return typeof value === "string";
    case "option-list":
    case "text-list":
      return Array.isArray(value);
  }
}

/** A comparison with its value made to fit the operator and target. */
export function withFittingValue(
  condition: FieldCondition,
  target: ConditionTarget | undefined,
): FieldCondition {
  const kind = valueKind(condition.operator, target);
  if (fits(kind, condition.value)) return condition;
  const { value: _value, ...rest } = condition;
  const value = defaultValue(kind, target?.options);
  return value === undefined ? rest : { ...rest, value };
}

/** A list typed as "a, b, 3": numbers for a number target, text otherwise; blanks dropped. */
export function parseListText(text: string, target: ConditionTarget | undefined): ConditionValue {
  const items = text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (target?.type === "number") return items.map((item) => parseNumber(item) ?? item);
  return items;
}

export function listText(value: ConditionValue | undefined): string {
  return Array.isArray(value) ? value.map((v) => String(v)).join(", ") : "";
}

// ---------------------------------------------------------------------------------------------
// The tree
// ---------------------------------------------------------------------------------------------

/** Child positions from the root: [] is the root, [1, 0] the first child of the second child. */
export type ConditionPath = readonly number[];

export function isGroup(condition: Condition): condition is { and: Condition[] } | { or: Condition[] } {
  return "and" in condition || "or" in condition;
}

export function groupKind(condition: Condition): "and" | "or" | null {
  if ("and" in condition) return "and";
  if ("or" in condition) return "or";
  return null;
}

export function children(condition: Condition): Condition[] {
  if ("and" in condition) return condition.and;
  if ("or" in condition) return condition.or;
  return [];
}

function withChildren(group: Condition, list: Condition[]): Condition {
  return groupKind(group) === "or" ? { or: list } : { and: list };
}

/** The tree with the node at `path` replaced (null removes it from its group). */
export function replaceAt(root: Condition, path: ConditionPath, next: Condition | null): Condition | null {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [number, ...number[]];
  const list = children(root);
  const child = list[head];
  if (child === undefined) return root;
  const replaced = replaceAt(child, rest, next);
  const nextList =
    replaced === null ? list.filter((_, i) => i !== head) : list.map((c, i) => (i === head ? replaced : c));
  return withChildren(root, nextList);
}

/** Appends a node to the group at `path`; a comparison there is first wrapped in an "and" group. */
export function appendAt(root: Condition, path: ConditionPath, node: Condition): Condition {
  const target = nodeAt(root, path);
  if (!target) return root;
  const next = isGroup(target) ? withChildren(target, [...children(target), node]) : { and: [target, node] };
  return replaceAt(root, path, next) ?? next;
}

export function nodeAt(root: Condition, path: ConditionPath): Condition | undefined {
  let node: Condition | undefined = root;
  for (const index of path) node = node ? children(node)[index] : undefined;
  return node;
}

/** Switches a group between all (and) and any (or), keeping its children. */
export function setGroupKind(group: Condition, kind: "and" | "or"): Condition {
  const list = children(group);
  return kind === "and" ? { and: list } : { or: list };
}

/** A new comparison on the first target, with a value that fits. */
export function newComparison(targets: readonly ConditionTarget[]): FieldCondition {
  const target = targets[0];
  return withFittingValue({ field: target?.name ?? "", operator: "eq" }, target);
}
