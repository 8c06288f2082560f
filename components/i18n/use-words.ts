"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import { useCallback } from "react";
import { wordsOf, type MessageValues } from "@/lib/i18n/message-ref";

/**
 * Puts a message from a pure module or the API into the reader's words (lib/i18n/message-ref.ts):
 * a catalogue reference is translated, any other text (a study's own words) is shown as it is.
 */
export function useWords(): (text: string) => string {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  return useCallback(
    (text: string) =>
      wordsOf(text, (key, values) => t(key as never, values as MessageValues as never), locale),
    [t, locale],
  );
}
