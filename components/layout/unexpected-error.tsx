"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import english from "@/messages/en/errors.json";
import italian from "@/messages/it/errors.json";

const ERRORS: Record<Locale, typeof english> = { en: english, it: italian };

/**
 * The error boundaries render above every layout's catalogue provider, so this screen carries its
 * own few words (the `errors` namespace of both languages) and speaks the page's language: the
 * root layout puts the reader's language on <html lang> (docs/decisions/0021). It reads the two
 * plain messages directly: an error boundary is in every page's JavaScript, the sign-in page's
 * included, which loads no translation runtime (its budget).
 */
const pageLocale = (): Locale => {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
};

/** The spec's generic fallback screen (§2). */
export function UnexpectedError({ message }: { message: string }) {
  const locale = useSyncExternalStore(
    () => () => {},
    pageLocale,
    () => DEFAULT_LOCALE,
  );
  const words = ERRORS[locale].unexpected;
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-semibold text-red-700">{words.title}</h1>
      <pre className="mt-4 whitespace-pre-wrap break-words rounded-md bg-red-50 p-4 text-sm text-red-900">
        {message}
      </pre>
      <Link href="/admin/studies" className="mt-6 inline-block text-sm font-medium text-blue-700 underline">
        {words.back}
      </Link>
    </main>
  );
}
