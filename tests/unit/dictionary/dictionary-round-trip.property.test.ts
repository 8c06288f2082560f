/**
 * The dictionary's promise, for any valid study config (not only the demo's): export, then import
 * into an empty study, gives the same data fields and calculations — every property, every
 * condition shape, options with separators, numbers such as -0 and 1e-7, formula-like labels, and
 * the study's words in one language or both (decision 0022), whichever the default language is.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dictionaryCsv, parseDictionaryCsv, planDictionaryImport } from "@/lib/dictionary";
import { studyPatternProblem } from "@/lib/forms/study-pattern";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import {
  CONDITION_OPERATORS,
  FIELD_TYPES,
  THRESHOLD_OPERATORS,
  type Condition,
} from "@/lib/schemas/study-config";

const text = fc.oneof(
  fc.string({ minLength: 1 }),
  fc.string({ minLength: 1, unit: "grapheme" }),
  fc.constantFrom("=1+1", "-x", "@me", "'quoted", "a, b | c", "line\r\nbreak", ' "q" ', "\\"),
);
const label = text.filter((s) => s.trim() !== "");

/**
 * A study text as the editor and the import store it (lib/schemas/study-text.ts): a plain string
 * (the default language's), or both languages with the other one translated. Drawn before the
 * default language is: `inLanguages` turns the pair into `{ it, en }` for it.
 */
type Pair = { pair: [string, string] };
const studyText = (words: fc.Arbitrary<string>) =>
  fc.oneof(
    words,
    fc.tuple(fc.oneof(words, fc.constant("")), label).map(([d, o]): Pair => ({ pair: [d, o] })),
  );
function inLanguages(value: unknown, defaultLanguage: "it" | "en"): unknown {
  if (Array.isArray(value)) return value.map((v) => inLanguages(v, defaultLanguage));
  if (value === null || typeof value !== "object") return value;
  if ("pair" in value) {
    const [own, other] = (value as Pair).pair;
    return defaultLanguage === "it" ? { it: own, en: other } : { it: other, en: own };
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inLanguages(v, defaultLanguage)]));
}
const number = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constant(-0));
const option = fc.record({
  value: fc.oneof(fc.string(), text),
  label: studyText(fc.oneof(fc.string(), text)),
});
const validation = fc
  .record(
    {
      required: fc.boolean(),
      min: number,
      max: number,
      min_length: fc.nat(1000),
      max_length: fc.nat(1000),
      // Any text RE2 can run: the config rules refuse the rest (lib/forms/study-pattern.ts).
      pattern: fc.string({ minLength: 1, maxLength: 20 }).filter((p) => studyPatternProblem(p) === null),
    },
    { requiredKeys: [] },
  )
  .filter((v) => Object.keys(v).length > 0);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const leaf = fc.record(
  {
    field: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), text),
    operator: fc.constantFrom(...CONDITION_OPERATORS),
    value: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })),
  },
  { requiredKeys: ["field", "operator"] },
);
const { condition } = fc.letrec<{ condition: Condition }>((tie) => ({
  condition: fc.oneof(
    { depthSize: "small", maxDepth: 4 },
    leaf,
    fc.record({ and: fc.array(tie("condition"), { maxLength: 3 }) }),
    fc.record({ or: fc.array(tie("condition"), { maxLength: 3 }) }),
  ) as fc.Arbitrary<Condition>,
}));
const subField = fc.record(
  {
    type: fc.constantFrom("text", "number", "select"),
    label: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,10}$/),
    options: fc.array(option, { minLength: 1, maxLength: 3 }),
    validation: fc.record({ required: fc.boolean(), max: fc.integer() }, { requiredKeys: [] }),
  },
  { requiredKeys: ["type", "label", "options"] },
);

const field = (entity: "patient" | "visit", name: string) =>
  fc.record(
    {
      entity: fc.constant(entity),
      name: fc.constant(name),
      label: studyText(label),
      type: fc.constantFrom(...FIELD_TYPES),
      category: fc.stringMatching(/^[a-z0-9_]{1,8}$/),
      description: studyText(text),
      options: fc.array(option, { minLength: 1, maxLength: 4 }),
      validation,
      show_in_table: fc.boolean(),
      show_in_form: fc.boolean(),
      identifier: fc.boolean(),
      sdv_required: fc.boolean(),
      order: number,
      schema: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), subField, { minKeys: 1, maxKeys: 3 }),
      show_if: condition,
      required_if: condition,
      enable_if: condition,
    },
    { requiredKeys: ["entity", "name", "label", "type", "options"] },
  );

const names = (prefix: string) =>
  fc
    .uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/), { maxLength: 5 })
    .map((list) => list.map((n) => `${prefix}${n}`));

const formula = fc.oneof(
  fc.record({
    type: fc.constant("improvement_percentage" as const),
    baseline_field: label,
    baseline_visit: label,
    current_field: label,
  }),
  fc.record({
    type: fc.constant("threshold" as const),
    field: label,
    operator: fc.constantFrom(...THRESHOLD_OPERATORS),
    threshold: number,
  }),
  fc.record({
    type: fc.constantFrom("sum" as const, "average" as const),
    fields: fc.array(label, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    type: fc.constant("custom_expression" as const),
    expression: fc.constantFrom("data.get('a', 0) + 1", " 2 * 3", "round(data['x'] / 72 * 100, 1)"),
  }),
);

const config = fc
  .tuple(names("p_"), names("v_"), names("c_"))
  .chain(([patientNames, visitNames, calcNames]) =>
    fc.record({
      version: fc.constant(1 as const),
      data_fields: fc.tuple(
        ...patientNames.map((n) => field("patient", n)),
        ...visitNames.map((n) => field("visit", n)),
      ),
      calculations: fc.tuple(
        ...calcNames.map((name) =>
          fc.record(
            { name: fc.constant(name), label: studyText(label), description: studyText(text), formula },
            { requiredKeys: ["name", "label", "formula"] },
          ),
        ),
      ),
    }),
  );

describe("data dictionary round trip (property)", () => {
  it("export → import on an empty study gives the same fields and calculations", () => {
    const empty = StudyConfigSchema.parse({ version: 1 });
    fc.assert(
      fc.property(config, fc.constantFrom("it" as const, "en" as const), (drawn, language) => {
        const raw = inLanguages(drawn, language);
        const parsedConfig = StudyConfigSchema.safeParse(raw);
        // Random references (sum of a name that is a calculation…) may form a cycle: not a valid config.
        fc.pre(parsedConfig.success);
        const source = parsedConfig.data!;
        const file = parseDictionaryCsv(dictionaryCsv(source, language), language);
        expect(file.issues).toEqual([]);
        const plan = planDictionaryImport(empty, file.rows, language);
        expect(plan.issues).toEqual([]);
        expect(plan.config!.data_fields).toEqual(source.data_fields);
        expect(plan.config!.calculations).toEqual(source.calculations);
        // And the study's own file changes no field or calculation (categories its fields name but
        // the study lacks are created: these random configs do not list them).
        const again = planDictionaryImport(source, file.rows, language);
        const entries = again.changes.filter((c) => c.kind !== "category");
        expect(entries.every((c) => c.status === "unchanged")).toBe(true);
        expect(entries).toHaveLength(source.data_fields.length + source.calculations.length);
      }),
      { numRuns: 150 },
    );
  });
});
