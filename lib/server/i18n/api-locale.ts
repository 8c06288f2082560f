import "server-only";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "@/lib/i18n/locales";
import type { Actor } from "../auth/actor";

/**
 * The language of an API answer (docs/decisions/0021): a browser session speaks its user's account
 * setting (else the language switch's cookie, as its pages do); a script (bearer token, personal
 * API token) or an anonymous caller the `Accept-Language` it sends; else English. The study's default language does
 * not apply: an API path need not belong to one study.
 */
export function apiLocale(headers: Headers, actor: Pick<Actor, "via" | "locale"> | null): Locale {
  if (actor?.via === "cookie" && actor.locale) return actor.locale;
  if (!actor || actor.via === "cookie") {
    const chosen = switchCookieOf(headers.get("cookie"));
    if (chosen) return chosen;
  }
  return negotiateLocale(headers.get("accept-language")) ?? DEFAULT_LOCALE;
}

function switchCookieOf(cookieHeader: string | null): Locale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LOCALE_COOKIE) {
      const value = rest.join("=").trim();
      return isLocale(value) ? value : null;
    }
  }
  return null;
}
