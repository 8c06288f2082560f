/**
 * The languages the registry speaks and how one is chosen for a reader (docs/decisions/0021). Pure:
 * the server's request locale (lib/server/i18n/request-locale.ts) and the API's error details use
 * the same rule.
 */
export const LOCALES = ["en", "it"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** Before sign-in the language switch keeps the choice in this cookie (a preference, no credential). */
export const LOCALE_COOKIE = "registry-locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our locales for an `Accept-Language` header (RFC 9110 §12.5.4): languages by their
 * q-value, highest first, ties in the order given; a region ("it-CH") counts as its language; q=0
 * refuses. Null when none of ours is acceptable.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(",")
    .slice(0, 50)
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)).find(Boolean);
      return { language: range.trim().toLowerCase().split("-")[0]!, q: q ? Number(q[1]) : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { language } of ranked) {
    if (isLocale(language)) return language;
    if (language === "*") return DEFAULT_LOCALE;
  }
  return null;
}

/**
 * The reader's language: their own preference (the account setting; before sign-in, the language
 * switch's cookie), else the study's default language where the page belongs to a study, else
 * the browser's, else English.
 */
export function chooseLocale(sources: {
  preference?: string | null;
  studyDefault?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(sources.preference)) return sources.preference;
  if (isLocale(sources.studyDefault)) return sources.studyDefault;
  return negotiateLocale(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}
