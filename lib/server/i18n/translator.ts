import "server-only";
import { createTranslator } from "use-intl/core";
import { loadCatalogue } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { wordsOf } from "@/lib/i18n/message-ref";
import { apiLocale } from "./api-locale";

/**
 * Server-side words outside a page render (API error details, export READMEs, emails): a
 * translator of one language's catalogue, and `words` for messages that may be references
 * (lib/i18n/message-ref.ts). docs/decisions/0021.
 */
export async function translatorFor(locale: Locale) {
  const messages = await loadCatalogue(locale);
  const t = createTranslator({ locale, messages });
  const translate = (key: string, values?: Record<string, string | number>) =>
    (t as unknown as (k: string, v?: Record<string, string | number>) => string)(key, values);
  return { t: translate, words: (text: string) => wordsOf(text, translate, locale) };
}

/** `words` in the language of an API answer (apiLocale): for answers that carry messages. */
export async function apiWords(
  headers: Headers,
  actor: Parameters<typeof apiLocale>[1],
): Promise<(text: string) => string> {
  return (await translatorFor(apiLocale(headers, actor))).words;
}
