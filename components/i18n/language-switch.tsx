"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { apiFetch, ApiClientError } from "@/lib/client/api-fetch";
import { LOCALE_COOKIE, LOCALES, isLocale, type Locale } from "@/lib/i18n/locales";

const YEAR_S = 365 * 24 * 60 * 60;

export type LanguageSwitchWords = { label: string; failed: string } & Record<Locale, string>;

/**
 * The header's language choice (docs/decisions/0021). Signed in, it is saved on the account (and
 * in the cookie, so the sign-in page after Logout speaks it too); before sign-in, in the cookie.
 * The page is then rendered again in place (router.refresh): client state, such as a form being
 * filled in, is kept. Its words come from the server component that places it (the sign-in page
 * loads no translation runtime: its JavaScript budget, decision 0021).
 */
export function LanguageSwitch({
  signedIn,
  locale,
  words,
}: {
  signedIn: boolean;
  locale: Locale;
  words: LanguageSwitchWords;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  async function choose(next: string) {
    if (!isLocale(next) || next === locale) return;
    setError(null);
    try {
      if (signedIn) await apiFetch("/auth/me/locale", { method: "PUT", json: { locale: next } });
    } catch (caught) {
      setError(`${words.failed} ${caught instanceof ApiClientError ? caught.message : String(caught)}`);
      return;
    }
    document.cookie = `${LOCALE_COOKIE}=${next}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
    startTransition(() => router.refresh());
  }

  return (
    <span className="inline-flex items-center gap-1">
      <select
        aria-label={words.label}
        value={locale}
        disabled={pending}
        onChange={(event) => void choose(event.target.value)}
        className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm text-slate-700"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {words[option]}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
