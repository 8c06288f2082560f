/**
 * A study configuration in one language (decision 0022). The stored document may give a study text
 * in both languages (lib/schemas/study-text.ts); the capture screens, the form engine, the
 * calculations and the exports read one string per text, made here at the edge:
 *
 *   - `configIn(document, locale)`: the reader's language, else the other (a page, an export's `lang`);
 *   - `configForMessages(document)`: a bilingual text as a reference (lib/i18n/message-ref.ts) for
 *     code that does not know the reader, the server's form engine: its messages are put into the
 *     reader's words by the API's error mapper, label included.
 *
 * Only a text's own position holds a `{ it, en }` object (no other part of the document has that
 * shape), so the walk does not need to know where texts are. Pure.
 */
import type { StudyConfig, StudyConfigDocument } from "@/lib/schemas/study-config";
import { wordsIn, type TextByLanguage } from "@/lib/schemas/study-text";
import { LOCALES, type Locale } from "./locales";
import { studyTextRef } from "./message-ref";

function isTextByLanguage(value: object): value is TextByLanguage {
  const keys = Object.keys(value);
  return (
    keys.length === LOCALES.length &&
    LOCALES.every((locale) => typeof (value as Record<string, unknown>)[locale] === "string")
  );
}

function mapTexts(value: unknown, inWords: (text: TextByLanguage) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapTexts(item, inWords));
  if (value === null || typeof value !== "object") return value;
  if (isTextByLanguage(value)) return inWords(value);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, inWords)]));
}

/** Every study text in the reader's language, else the other language's. */
export function configIn(document: StudyConfigDocument, locale: Locale): StudyConfig {
  return mapTexts(document, (text) => wordsIn(text, locale)) as StudyConfig;
}

/** Every bilingual text as a reference put into words where the reader is known. */
export function configForMessages(document: StudyConfigDocument): StudyConfig {
  return mapTexts(document, (text) => {
    const filled = LOCALES.filter((locale) => text[locale].trim() !== "");
    // One language only: the words themselves (no reader sees anything else).
    return filled.length === 1 ? text[filled[0]!] : filled.length === 0 ? "" : studyTextRef(text);
  }) as StudyConfig;
}
