/**
 * A study's own words in two languages (decision 0022): a field label, help text, option label,
 * category or visit-type label, calculation label, therapy-switch label or prompt is either
 *
 *   - a plain string: the text in the study's default language (every configuration written before
 *     bilingual content, unchanged), or
 *   - `{ "it": "Sesso", "en": "Sex" }`: one text per language, a blank one meaning "not translated".
 *
 * Pure: the schema, the editor and the dictionary use it in the browser and on the server.
 */
import { z } from "zod";
import { LOCALES, type Locale } from "@/lib/i18n/locales";

export type TextByLanguage = Record<Locale, string>;
export type StudyText = string | TextByLanguage;

/** The object form; a language left out is blank (not translated). No other keys. */
export const TextByLanguageSchema = z
  .object({ it: z.string().default(""), en: z.string().default("") })
  .strict();

export const StudyTextSchema = z.union([z.string(), TextByLanguageSchema]);

/** True when no language has any visible text (a required label is then missing). */
export function isBlankText(text: StudyText | undefined): boolean {
  if (text === undefined) return true;
  if (typeof text === "string") return text.trim() === "";
  return LOCALES.every((locale) => text[locale].trim() === "");
}

/** The text with each language's words trimmed. */
export function trimmedText(text: StudyText): StudyText {
  return typeof text === "string" ? text.trim() : { it: text.it.trim(), en: text.en.trim() };
}

/** A required text: some language has words. `message` is the rule's message. */
export function requiredText(message: string) {
  return StudyTextSchema.refine((text) => !isBlankText(text), message);
}

/**
 * The text in each language as the editor and the dictionary see it: a plain string belongs to the
 * study's default language, the other language blank.
 */
export function textByLanguage(text: StudyText | undefined, defaultLanguage: Locale): TextByLanguage {
  if (text === undefined) return { it: "", en: "" };
  if (typeof text === "string") return { ...{ it: "", en: "" }, [defaultLanguage]: text };
  return { it: text.it, en: text.en };
}

/**
 * The stored form of the texts typed per language: a plain string when only the default language
 * has text (so a single-language study's configuration stays exactly as it was), else both.
 */
export function storedText(texts: TextByLanguage, defaultLanguage: Locale): StudyText {
  const others = LOCALES.filter((locale) => locale !== defaultLanguage);
  if (others.every((locale) => texts[locale] === "")) return texts[defaultLanguage];
  return { it: texts.it, en: texts.en };
}

/** The same text in its stored form (a bilingual text whose other language is blank becomes plain). */
export function normalizedText(text: StudyText, defaultLanguage: Locale): StudyText {
  return storedText(textByLanguage(text, defaultLanguage), defaultLanguage);
}

export type TextInLanguage = {
  text: string;
  /** The language the text is in; null for a plain string (the default language, whatever it is). */
  language: Locale | null;
  /** True when the reader's language has no text and the other language's is shown instead. */
  fallback: boolean;
};

/**
 * The text a reader of `locale` sees: their language's, else the other language's (marked as a
 * fallback). A plain string is shown to every reader as it is; it is a fallback for a reader of
 * another language than the default only where the default language is known (`defaultLanguage`).
 */
export function textIn(text: StudyText, locale: Locale, defaultLanguage?: Locale): TextInLanguage {
  if (typeof text === "string")
    return {
      text,
      language: defaultLanguage ?? null,
      fallback: defaultLanguage !== undefined && defaultLanguage !== locale && text !== "",
    };
  if (text[locale].trim() !== "") return { text: text[locale], language: locale, fallback: false };
  const other = LOCALES.find((l) => l !== locale && text[l].trim() !== "");
  return other
    ? { text: text[other], language: other, fallback: true }
    : { text: "", language: null, fallback: false };
}

/** Just the words a reader of `locale` sees. */
export function wordsIn(text: StudyText, locale: Locale): string {
  return textIn(text, locale).text;
}
