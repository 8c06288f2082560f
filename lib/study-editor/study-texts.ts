/**
 * A study text as the editor's dialogs hand it over (decision 0022): each language trimmed, then in
 * its stored form, so a text typed only in the study's default language stays a plain string and
 * the other language is never dropped. Pure.
 */
import type { Locale } from "@/lib/i18n/locales";
import { storedText, textByLanguage, type StudyText } from "@/lib/schemas/study-text";

/** `language` is the study's default language: the language of a plain string. */
export function trimmedText(text: StudyText | undefined, language: Locale): StudyText {
  const texts = textByLanguage(text, language);
  return storedText({ it: texts.it.trim(), en: texts.en.trim() }, language);
}

/** The text's words in the study's default language, else in the other (a name made from a label). */
export function wordsForName(text: StudyText | undefined, language: Locale): string {
  const texts = textByLanguage(text, language);
  return texts[language].trim() || Object.values(texts).find((words) => words.trim() !== "") || "";
}
