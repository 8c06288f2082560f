/**
 * A study text as the editor's dialogs hand it over (decision 0022): each language trimmed, then in
 * its stored form, so a text typed only in the study's default language stays a plain string and
 * the other language is never dropped. Pure.
 */
import type { Locale } from "@/lib/i18n/locales";
import { normalizedText, trimmedText, type StudyText } from "@/lib/schemas/study-text";

/** `language` is the study's default language: the language of a plain string. */
export function typedText(text: StudyText | undefined, language: Locale): StudyText {
  return normalizedText(trimmedText(text ?? ""), language);
}
