import { createTranslator } from "next-intl";
import english from "../../messages/en";
import italian from "../../messages/it";

/**
 * The catalogues' words for browser tests, so a spec finds a button by what the reader sees in
 * any language (docs/decisions/0021) instead of hard-coding English or Italian. `pseudo` is the
 * pseudo-locale of lib/i18n/catalogue.ts: English with every message wrapped in ⟦…⟧.
 */
export type TourLocale = "en" | "it" | "pseudo";
export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

/** Marks a text as the pseudo-locale marks a message (the tests mark their own data so too). */
export const marked = (text: string) => `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}`;

function wrapped<T>(value: T): T {
  if (typeof value === "string") return marked(value) as T;
  if (Array.isArray(value)) return value.map(wrapped) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrapped(v)])) as T;
  return value;
}

export type Words = (key: string, values?: Record<string, string | number>) => string;

export function wordsOf(locale: TourLocale): Words {
  const messages = locale === "it" ? italian : locale === "pseudo" ? wrapped(english) : english;
  const t = createTranslator({ locale: locale === "it" ? "it" : "en", messages });
  return (key, values) => (t as unknown as Words)(key, values);
}
