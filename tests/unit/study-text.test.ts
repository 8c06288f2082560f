/**
 * A study's own words in two languages (decision 0022): the stored form, what each reader sees, and
 * the configuration read in one language or as references for messages.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { wordsOf } from "@/lib/i18n/message-ref";
import { configForMessages, configIn } from "@/lib/i18n/study-config-language";
import { fieldMessages } from "@/lib/forms/validate-field";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import {
  isBlankText,
  normalizedText,
  storedText,
  textByLanguage,
  textIn,
  trimmedText,
} from "@/lib/schemas/study-text";
import { words } from "@/tests/support/engine-words";

const bilingual = { it: "Sesso", en: "Sex" };

describe("a study text", () => {
  it("is shown in the reader's language, else the other, marked as a fallback", () => {
    expect(textIn(bilingual, "it")).toEqual({ text: "Sesso", language: "it", fallback: false });
    expect(textIn(bilingual, "en")).toEqual({ text: "Sex", language: "en", fallback: false });
    expect(textIn({ it: "Sesso", en: " " }, "en")).toEqual({ text: "Sesso", language: "it", fallback: true });
    // A plain string is the default language's: a fallback only for a reader of the other one.
    expect(textIn("Sesso", "it", "it").fallback).toBe(false);
    expect(textIn("Sesso", "en", "it")).toEqual({ text: "Sesso", language: "it", fallback: true });
    expect(textIn("Sesso", "en")).toEqual({ text: "Sesso", language: null, fallback: false });
  });

  it("is stored plain while only the default language has words, so old configurations stay as they were", () => {
    expect(storedText({ it: "Sesso", en: "" }, "it")).toBe("Sesso");
    expect(storedText({ it: "Sesso", en: "Sex" }, "it")).toEqual(bilingual);
    expect(storedText({ it: "", en: "Sex" }, "it")).toEqual({ it: "", en: "Sex" });
    expect(textByLanguage("Sesso", "it")).toEqual({ it: "Sesso", en: "" });
    expect(textByLanguage("Sex", "en")).toEqual({ it: "", en: "Sex" });
    expect(normalizedText({ it: "Sesso", en: "" }, "it")).toBe("Sesso");
    expect(trimmedText({ it: " a ", en: " b" })).toEqual({ it: "a", en: "b" });
    expect(isBlankText({ it: " ", en: "" })).toBe(true);
    expect(isBlankText({ it: "", en: "x" })).toBe(false);
  });

  it("storedText then textByLanguage gives the texts back, for any texts and either default language", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom("it" as const, "en" as const), (it, en, dl) => {
        expect(textByLanguage(storedText({ it, en }, dl), dl)).toEqual({ it, en });
      }),
    );
  });

  it("a label needs words in some language: the config refuses a blank pair with the rule's message", () => {
    const config = (label: unknown) =>
      StudyConfigSchema.safeParse({
        version: 1,
        data_fields: [{ entity: "patient", name: "sex", label, type: "text" }],
      });
    expect(config({ it: "Sesso", en: "Sex" }).success).toBe(true);
    expect(config({ en: "Sex" }).success).toBe(true); // a missing language is blank
    const blank = config({ it: " ", en: "" });
    expect(blank.success).toBe(false);
    expect(blank.error!.issues[0]!.path).toEqual(["data_fields", 0, "label"]);
    expect(config({ it: "Sesso", fr: "Sexe" }).success).toBe(false); // no other languages
  });
});

describe("the configuration in one language", () => {
  const document = StudyConfigSchema.parse({
    version: 1,
    categories: [{ code: "demo", label: { it: "Anagrafica", en: "Demographics" }, entity: "patient" }],
    visit_types: [{ code: "baseline", label: { it: "Basale", en: "" }, order: 1 }],
    data_fields: [
      {
        entity: "patient",
        name: "sex",
        label: bilingual,
        type: "select",
        description: "Al momento dell'arruolamento",
        options: [
          { value: "M", label: { it: "Maschio", en: "Male" } },
          { value: "F", label: "Femmina" },
        ],
        validation: { required: true },
      },
    ],
  });

  it("gives each reader their language's words, else the other's", () => {
    const english = configIn(document, "en");
    expect(english.data_fields[0]!.label).toBe("Sex");
    expect(english.data_fields[0]!.options).toEqual([
      { value: "M", label: "Male" },
      { value: "F", label: "Femmina" },
    ]);
    expect(english.categories[0]!.label).toBe("Demographics");
    expect(english.visit_types[0]!.label).toBe("Basale");
    expect(configIn(document, "it").data_fields[0]!.label).toBe("Sesso");
  });

  it("for code that does not know the reader, a bilingual text is a reference put into words later", () => {
    const forMessages = configForMessages(document);
    const label = forMessages.data_fields[0]!.label;
    expect(forMessages.visit_types[0]!.label).toBe("Basale"); // one language: the words themselves
    const required = fieldMessages.required(label);
    expect(words(required, "it")).toBe("Sesso è obbligatorio");
    expect(words(required, "en")).toBe("Sex is required");
    expect(wordsOf(label, () => "unused", "en")).toBe("Sex");
  });

  it("leaves a single-language configuration exactly as it was, and reads the demo's switch in each language", () => {
    const switchIn = (locale: "it" | "en") =>
      configIn(StudyConfigSchema.parse(DEMO_STUDY_CONFIG), locale).therapy_switch_config;
    expect(switchIn("it").prompt_message).toBe("Il paziente sta continuando la stessa terapia?");
    expect(switchIn("en").switch_fields[0]!.label).toBe("Reason for switching");
    // The demo's fields, calculations and visit types are single-language (its switch texts are not).
    const demo = StudyConfigSchema.parse({
      ...DEMO_STUDY_CONFIG,
      therapy_switch_config: { enabled: true, prompt_message: "Same therapy?", switch_fields: [] },
    });
    expect(configIn(demo, "it")).toEqual(demo);
    expect(configIn(demo, "en")).toEqual(demo);
    expect(configForMessages(demo)).toEqual(demo);
  });
});
