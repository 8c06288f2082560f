/**
 * Study-supplied patterns run on RE2 (linear time): the catastrophic backtracking patterns finish on
 * 10,000-character values, and what RE2 cannot run is refused by the config rules with a reason.
 * Nothing here reads a clock: linearity is shown by the engine and the program cap, not by timing.
 */
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { inEnglish } from "@/tests/support/words-in";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import {
  compileStudyPattern,
  MAX_PATTERN_INPUT_LENGTH,
  MAX_PATTERN_PROGRAM,
  studyPatternProblem,
} from "@/lib/forms";
// The engine's messages in English words (its references read with the en catalogue).
import { validateFieldValue, validateSubmission } from "@/tests/support/engine-words";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { FieldTemplateCreateBody } from "@/lib/schemas/field-templates";
import type { DataField } from "@/lib/schemas/study-config";

// Each takes exponential time in a backtracking engine on a long run of matching characters plus
// one that makes the whole match fail.
const CATASTROPHIC: [pattern: string, value: string][] = [
  ["^(a+)+$", "a".repeat(MAX_PATTERN_INPUT_LENGTH - 1) + "!"],
  ["^(a|aa)+$", "a".repeat(MAX_PATTERN_INPUT_LENGTH - 1) + "!"],
  ["^(a|a?)+$", "a".repeat(MAX_PATTERN_INPUT_LENGTH - 1) + "!"],
  ["^(\\w+\\s?)*$", "word ".repeat(MAX_PATTERN_INPUT_LENGTH / 5 - 1) + "word!"],
  ["(x+x+)+y", "x".repeat(MAX_PATTERN_INPUT_LENGTH)],
  [
    "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
    "a".repeat(MAX_PATTERN_INPUT_LENGTH - 1) + "!",
  ],
  ["^(([a-z])+.)+[A-Z]([a-z])+$", "a".repeat(MAX_PATTERN_INPUT_LENGTH)],
];

const field = (pattern: string): DataField => ({
  entity: "visit",
  name: "code",
  label: "Code",
  type: "textarea",
  validation: { pattern },
});

describe("study patterns run on RE2", () => {
  it("uses re2js, not the backtracking RegExp", () => {
    const compiled = compileStudyPattern("^(a+)+$");
    expect(compiled.ok).toBe(true);
    // A pattern only RE2 refuses proves which engine compiled it: RegExp accepts a lookahead.
    expect(() => new RegExp("(?=a)")).not.toThrow();
    expect(compileStudyPattern("(?=a)").ok).toBe(false);
    expect(() => RE2JS.compile("(?=a)")).toThrow();
  });

  it.each(CATASTROPHIC)("answers %s on a 10,000-character value", (pattern, value) => {
    expect(value.length).toBeLessThanOrEqual(MAX_PATTERN_INPUT_LENGTH);
    expect(validateFieldValue(field(pattern), value, { required: false })).toEqual([
      { path: [], msg: "Code format is invalid", type: "pattern_mismatch" },
    ]);
  });

  it("gives the same answers as before on ordinary patterns (unanchored search, as RegExp.test)", () => {
    const cases: [string, string, boolean][] = [
      ["^[A-Z]{2}-[0-9]{6}$", "MI-004512", true],
      ["^[A-Z]{2}-[0-9]{6}$", "mi-004512", false],
      ["@example\\.org$", "x@example.org", true],
      ["\\d{3}", "ab123cd", true],
      ["^\\d{5}$", "1234", false],
      ["(?i)^abc$", "ABC", true],
      ["^\\p{L}+$", "Perché", true],
    ];
    for (const [pattern, value, passes] of cases) {
      const compiled = compileStudyPattern(pattern);
      expect(compiled.ok && compiled.test(value)).toBe(passes);
      expect(
        new RegExp(pattern.replace("(?i)", ""), pattern.startsWith("(?i)") ? "i" : "u").test(value),
      ).toBe(passes);
    }
  });

  it("validates a whole submission with a catastrophic pattern on every field", () => {
    const fields = CATASTROPHIC.map(([pattern], i) => ({ ...field(pattern), name: `f_${i}` }));
    const values = Object.fromEntries(CATASTROPHIC.map(([, value], i) => [`f_${i}`, value]));
    const result = validateSubmission(fields, values);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map((issue) => issue.type)).toEqual(
      CATASTROPHIC.map(() => "pattern_mismatch"),
    );
  });
});

describe("patterns RE2 cannot run are refused by the study config rules", () => {
  const configWith = (pattern: string) => {
    const config = JSON.parse(JSON.stringify(DEMO_STUDY_CONFIG)) as { data_fields: DataField[] };
    config.data_fields[0]!.validation = { pattern };
    return config;
  };
  const messages = (pattern: string) => {
    const parsed = StudyConfigSchema.safeParse(configWith(pattern));
    return parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join(".")}: ${inEnglish(i.message)}`);
  };

  it.each([
    ["(?=a)b", "(?="],
    ["(?!a)b", "(?!"],
    ["(?<=a)b", "(?<=a)b"],
    ["(a)\\1", "\\1"],
    ["(?<x>a)\\k<x>", "\\k"],
    ["a++", "++"],
    ["([unclosed", "missing closing ]"],
  ])("refuses %s with the reason", (pattern, reason) => {
    const found = messages(pattern);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^data_fields\.0\.validation\.pattern: Pattern cannot be used: /);
    expect(found[0]).toContain(reason);
    expect(found[0]).toContain("no lookahead, lookbehind or backreferences");
  });

  it("refuses a pattern whose repetitions compile to too large a program", () => {
    const pattern = "(?:a?){1000}a{1000}";
    const problem = inEnglish(studyPatternProblem(pattern) ?? "");
    expect(problem).toMatch(/^Pattern is too complex: its repetitions expand to \d+ steps/);
    expect(messages(pattern)).toEqual([`data_fields.0.validation.pattern: ${problem}`]);
    // The same shape with counts a form needs stays well inside the cap.
    expect(studyPatternProblem("(?:a?){50}a{50}")).toBeNull();
    expect(MAX_PATTERN_PROGRAM).toBe(1000);
  });

  it("accepts the demo's pattern and RE2 syntax such as named groups and \\x{…}", () => {
    expect(messages("^[A-Z]{2}-[0-9]{6}$")).toEqual([]);
    expect(messages("^(?P<area>[A-Z]{2})-\\x{00e9}?\\d+$")).toEqual([]);
  });

  it("applies to sub-fields of an array field and to field templates too", () => {
    const config = configWith("^ok$");
    config.data_fields[0] = {
      ...config.data_fields[0]!,
      type: "array",
      schema: { dose: { type: "text", label: "Dose", validation: { pattern: "(a)\\1" } } },
    };
    const parsed = StudyConfigSchema.safeParse(config);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."))).toEqual([
      "data_fields.0.schema.dose.validation.pattern",
    ]);
    const template = FieldTemplateCreateBody.safeParse({
      name: "T",
      fields: [{ name: "code", label: "Code", type: "text", validation: { pattern: "(?<=x)y" } }],
    });
    expect(template.success).toBe(false);
  });

  it("fails closed in the form engine if an unusable pattern ever reaches it", () => {
    expect(validateFieldValue(field("(?=a)"), "a", { required: false })).toEqual([
      { path: [], msg: "Code format is invalid", type: "pattern_mismatch" },
    ]);
  });
});
