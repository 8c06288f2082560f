import { describe, expect, it } from "vitest";
import type { Condition } from "@/lib/schemas/study-config";
import {
  appendAt,
  nodeAt,
  parseListText,
  replaceAt,
  setGroupKind,
  valueKind,
  withFittingValue,
  type ConditionTarget,
} from "@/lib/study-editor/conditions";

const number: ConditionTarget = { name: "n", label: "N", type: "number" };
const select: ConditionTarget = {
  name: "s",
  label: "S",
  type: "select",
  options: [{ value: "a", label: "A" }],
};
const bool: ConditionTarget = { name: "b", label: "B", type: "boolean" };

describe("value inputs by operator and target", () => {
  it("fits the operator first, then the target's type", () => {
    expect(valueKind("is_empty", select)).toBe("none");
    expect(valueKind("gt", select)).toBe("number");
    expect(valueKind("in", select)).toBe("option-list");
    expect(valueKind("not_in", number)).toBe("text-list");
    expect(valueKind("eq", select)).toBe("option");
    expect(valueKind("ne", bool)).toBe("boolean");
    expect(valueKind("eq", number)).toBe("number");
    expect(valueKind("contains", undefined)).toBe("text");
  });

  it("keeps a value that still fits and replaces one that does not", () => {
    expect(withFittingValue({ field: "n", operator: "gte", value: 4 }, number)).toEqual({
      field: "n",
      operator: "gte",
      value: 4,
    });
    expect(withFittingValue({ field: "s", operator: "in", value: "a" }, select)).toEqual({
      field: "s",
      operator: "in",
      value: [],
    });
    expect(withFittingValue({ field: "s", operator: "is_empty", value: "a" }, select)).toEqual({
      field: "s",
      operator: "is_empty",
    });
    expect(withFittingValue({ field: "s", operator: "eq" }, select)).toEqual({
      field: "s",
      operator: "eq",
      value: "a",
    });
  });

  it("reads comma lists as numbers for number targets", () => {
    expect(parseListText("1, 2.5, x, ", number)).toEqual([1, 2.5, "x"]);
    expect(parseListText("a,b", select)).toEqual(["a", "b"]);
  });
});

describe("tree edits", () => {
  const tree: Condition = {
    or: [{ field: "n", operator: "gt", value: 1 }, { and: [{ field: "b", operator: "eq", value: true }] }],
  };

  it("replaces, removes and appends by path without touching the rest", () => {
    const replaced = replaceAt(tree, [1, 0], { field: "b", operator: "ne", value: true });
    expect(nodeAt(replaced!, [1, 0])).toEqual({ field: "b", operator: "ne", value: true });
    expect(nodeAt(replaced!, [0])).toBe((tree as { or: Condition[] }).or[0]);
    expect(replaceAt(tree, [0], null)).toEqual({
      or: [{ and: [{ field: "b", operator: "eq", value: true }] }],
    });
    expect(replaceAt(tree, [], null)).toBeNull();
    const appended = appendAt(tree, [1], { field: "n", operator: "is_empty" });
    expect(nodeAt(appended, [1])).toEqual({
      and: [
        { field: "b", operator: "eq", value: true },
        { field: "n", operator: "is_empty" },
      ],
    });
    expect(appendAt(tree, [0], { field: "s", operator: "is_not_empty" })).toEqual({
      or: [
        {
          and: [
            { field: "n", operator: "gt", value: 1 },
            { field: "s", operator: "is_not_empty" },
          ],
        },
        (tree as { or: Condition[] }).or[1],
      ],
    });
    expect(setGroupKind(tree, "and")).toEqual({ and: (tree as { or: Condition[] }).or });
  });
});
