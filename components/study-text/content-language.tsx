"use client";

import { useLocale } from "next-intl";
import { createContext, useCallback, useContext, type ReactNode } from "react";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { textIn, type StudyText, type TextInLanguage } from "@/lib/schemas/study-text";

/**
 * The language of a study's plain texts while its configuration is edited: the study's default
 * language, else English, the language its readers fall back to (decision 0022).
 */
const ContentLanguage = createContext<Locale>(DEFAULT_LOCALE);

export function ContentLanguageProvider({ language, children }: { language: Locale; children: ReactNode }) {
  return <ContentLanguage.Provider value={language}>{children}</ContentLanguage.Provider>;
}

export function useContentLanguage(): Locale {
  return useContext(ContentLanguage);
}

/**
 * A study text as the editor's reader sees it: their language's, else the other with the language it
 * is in (for the fallback marker).
 */
export function useStudyText(): (text: StudyText | undefined) => TextInLanguage {
  const locale = useLocale() as Locale;
  const contentLanguage = useContentLanguage();
  return useCallback(
    (text: StudyText | undefined) =>
      text === undefined
        ? { text: "", language: null, fallback: false }
        : textIn(text, locale, contentLanguage),
    [locale, contentLanguage],
  );
}

/** Just the words of a study text in the reader's language (else the other's). */
export function useStudyWords(): (text: StudyText | undefined) => string {
  const inLanguage = useStudyText();
  return useCallback((text: StudyText | undefined) => inLanguage(text).text, [inLanguage]);
}
