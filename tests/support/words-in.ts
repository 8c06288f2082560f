/**
 * A message (maybe a reference, docs/decisions/0021) in the words of one language, for tests that
 * read a pure module's messages (zod issues of the shared schemas) without a server or a screen.
 */
import { createTranslator } from "next-intl";
import { wordsOf } from "@/lib/i18n/message-ref";
import english from "@/messages/en";
import italian from "@/messages/it";

export function wordsIn(locale: "en" | "it"): (text: string) => string {
  const t = createTranslator({ locale, messages: locale === "en" ? english : italian });
  const translate = (key: string, values?: Record<string, string | number>) =>
    (t as unknown as (k: string, v?: Record<string, string | number>) => string)(key, values);
  return (text: string) => wordsOf(text, translate, locale);
}

/** The English words of a message: what the API answers a caller who asks for no language. */
export const inEnglish = wordsIn("en");
