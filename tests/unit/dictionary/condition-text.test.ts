import { describe, expect, it } from "vitest";
import { formatCondition, MAX_CONDITION_TEXT_LENGTH, parseConditionText } from "@/lib/dictionary";
import { inEnglish, wordsIn } from "@/tests/support/words-in";

describe("branching logic text: the REDCap-like grammar", () => {
  it.each([
    ["[sex] = 'F'", { field: "sex", operator: "eq", value: "F" }],
    ["[pasi] >= 10", { field: "pasi", operator: "gte", value: 10 }],
    ["[pasi] <> -2.5", { field: "pasi", operator: "ne", value: -2.5 }],
    ["[ae] = true", { field: "ae", operator: "eq", value: true }],
    ["[drug] in ('a', 'b')", { field: "drug", operator: "in", value: ["a", "b"] }],
    ["[drug] not in ('a', 3)", { field: "drug", operator: "not_in", value: ["a", 3] }],
    ["[pheno] contains 'nail'", { field: "pheno", operator: "contains", value: "nail" }],
    ["[notes] is empty", { field: "notes", operator: "is_empty" }],
    ["[notes] is not empty", { field: "notes", operator: "is_not_empty" }],
    ["[name] = 'O\\'Brien'", { field: "name", operator: "eq", value: "O'Brien" }],
  ])("%s", (text, condition) => {
    expect(parseConditionText(text)).toEqual({ ok: true, condition });
    expect(formatCondition(condition as never)).toBe(text);
  });

  it("gives `and` precedence over `or` and keeps parenthesised groups nested", () => {
    expect(parseConditionText("[a] = 1 and [b] = 2 or [c] = 3")).toEqual({
      ok: true,
      condition: {
        or: [
          {
            and: [
              { field: "a", operator: "eq", value: 1 },
              { field: "b", operator: "eq", value: 2 },
            ],
          },
          { field: "c", operator: "eq", value: 3 },
        ],
      },
    });
    expect(parseConditionText("[a] = 1 AND ([b] = 2 OR [c] = 3)")).toEqual({
      ok: true,
      condition: {
        and: [
          { field: "a", operator: "eq", value: 1 },
          {
            or: [
              { field: "b", operator: "eq", value: 2 },
              { field: "c", operator: "eq", value: 3 },
            ],
          },
        ],
      },
    });
  });

  it("reads an operator with no value as a comparison without one (the schema allows it)", () => {
    expect(parseConditionText("[a] = ")).toEqual({ ok: true, condition: { field: "a", operator: "eq" } });
    expect(formatCondition({ field: "a", operator: "is_empty", value: 1 })).toBe("[a] is empty 1");
  });

  it("writes groups of 0 or 1 members in the prefix form", () => {
    expect(formatCondition({ and: [] })).toBe("and()");
    expect(formatCondition({ or: [{ field: "a", operator: "is_empty" }] })).toBe("or([a] is empty)");
  });

  it.each([
    ["[a] 'x'", /Expected an operator.*character 5/],
    ["[a] = 'open", /Unclosed quoted text starting at character 7/],
    ["[a] = 1 and", /Expected a \[field\] at the end of the text/],
    ["a = 1", /Expected a \[field\] at character 1/],
    ["[a] = 1)", /Expected 'and', 'or' or the end at character 8/],
    ["[a] in (1, 2", /Expected '\)' to close the list/],
    ["[a] = 1e999", /too large/],
    ["[a] ~ 1", /Unexpected character '~' at character 5/],
  ])("refuses %j with a message naming where", (text, message) => {
    const parsed = parseConditionText(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(inEnglish(parsed.error)).toMatch(message);
  });

  it("refuses nesting deeper than 64 levels instead of exhausting the stack", () => {
    // As deep as the length cap allows: refused at level 65, before any deeper work.
    const deep = `${"(".repeat(4_990)}[a] = 1${")".repeat(4_990)}`;
    expect(deep.length).toBeLessThanOrEqual(MAX_CONDITION_TEXT_LENGTH);
    const parsed = parseConditionText(deep);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(inEnglish(parsed.error)).toContain("more than 64 levels");
    expect(parseConditionText(`${"(".repeat(60)}[a] = 1${")".repeat(60)}`)).toMatchObject({ ok: true });
  });

  it("refuses a text longer than the cap before reading it, and reads one just within it", () => {
    const within = Array.from({ length: 600 }, (_, i) => `[a] = ${i}`)
      .join(" or ")
      .slice(0, MAX_CONDITION_TEXT_LENGTH);
    const flat = within.slice(0, within.lastIndexOf(" or "));
    const parsed = parseConditionText(flat);
    expect(parsed.ok && "or" in parsed.condition && parsed.condition.or.length).toBeGreaterThan(500);
    const over = `[a] = '${"x".repeat(MAX_CONDITION_TEXT_LENGTH)}'`;
    const refused = parseConditionText(over);
    expect(refused).toMatchObject({ ok: false, position: MAX_CONDITION_TEXT_LENGTH + 1 });
    if (!refused.ok)
      expect(inEnglish(refused.error)).toBe(
        `The condition is ${over.length} characters long; at most ${MAX_CONDITION_TEXT_LENGTH} are read`,
      );
  });

  it("reads quoted text and field names with escapes in one pass", () => {
    // The text: [na\]me] = 'it\'s xxx… \\ done'
    const text = String.raw`[na\]me] = 'it\'s ` + "x".repeat(5_000) + String.raw` \\ done'`;
    expect(parseConditionText(text)).toEqual({
      ok: true,
      condition: { field: "na]me", operator: "eq", value: `it's ${"x".repeat(5_000)} \\ done` },
    });
    const escape = parseConditionText(String.raw`[a] = 'x\n'`);
    expect(escape.ok).toBe(false);
    if (!escape.ok)
      expect(inEnglish(escape.error)).toBe(
        String.raw`Unknown escape in quoted text at character 9 (use \\ or \')`,
      );
  });

  it("says where in the reader's language, quoting what it found", () => {
    const parsed = parseConditionText("[a] = 1 and 'x'");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(inEnglish(parsed.error)).toBe("Expected a [field] at character 13, found 'x'");
    expect(wordsIn("it")(parsed.error)).toBe("Atteso un [campo] al carattere 13, trovato 'x'");
    const name = parseConditionText(String.raw`[a\b] = 1`);
    if (!name.ok)
      expect(inEnglish(name.error)).toBe(
        String.raw`Unknown escape in field name at character 3 (use \\ or \])`,
      );
    const choices = parseConditionText("[a] in (1, 2");
    if (!choices.ok)
      expect(wordsIn("it")(choices.error)).toBe("Atteso ')' per chiudere l'elenco alla fine del testo");
  });
});
