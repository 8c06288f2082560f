/**
 * The catalogues (docs/decisions/0021): every key of one language exists in the other, with the
 * same ICU placeholders, and no message is empty. A key added to one language only fails here.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import english from "@/messages/en";
import italian from "@/messages/it";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The argument names a message uses ({name}, {count, plural, …}, <tag>…</tag>), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ("value" in element && element.type !== TYPE.literal) names.add(String(element.value));
      if ("options" in element) for (const option of Object.values(element.options)) walk(option.value);
      if ("children" in element) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const en = leaves(english as unknown as Tree);
const it_ = leaves(italian as unknown as Tree);

describe("the en and it catalogues", () => {
  it("have the same namespaces and keys", () => {
    expect(Object.keys(italian).sort()).toEqual(Object.keys(english).sort());
    expect([...it_.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !it_.has(k))).toEqual([]);
  });

  it("use the same placeholders in each message, and no message is empty", () => {
    for (const [key, message] of en) {
      expect(message.trim(), key).not.toBe("");
      expect(it_.get(key)?.trim(), key).not.toBe("");
      expect(argumentsOf(it_.get(key) ?? ""), key).toEqual(argumentsOf(message));
    }
  });

  it("finds a key missing from one language (the check itself)", () => {
    const broken = leaves({ ...(italian as unknown as Tree), common: { appName: "x" } });
    expect([...en.keys()].filter((k) => !broken.has(k)).length).toBeGreaterThan(0);
  });
});
