import { format, parseISO } from "date-fns";
import { it as italian } from "date-fns/locale/it";
import { ApiClientError } from "@/lib/client/api-fetch";
import type { Locale } from "@/lib/i18n/locales";

/**
 * Dates read 'MMM dd, yyyy' in English (spec §9) and '05 mar 1980' in Italian (docs/decisions/0021).
 * A calendar date (YYYY-MM-DD) is a local day, not a UTC midnight, so it is never shifted by zone.
 */
const PATTERNS: Record<Locale, { date: string; dateTime: string }> = {
  en: { date: "MMM dd, yyyy", dateTime: "MMM dd, yyyy HH:mm" },
  it: { date: "dd MMM yyyy", dateTime: "dd MMM yyyy HH:mm" },
};
const DATE_LOCALES = { en: undefined, it: italian } as const;

function formatIn(value: string, locale: Locale, kind: "date" | "dateTime"): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime())
    ? value
    : format(date, PATTERNS[locale][kind], { locale: DATE_LOCALES[locale] });
}

export function formatDate(value: string | null | undefined, locale: Locale = "en"): string {
  if (!value) return "—";
  return formatIn(value, locale, "date");
}

export function formatDateTime(value: string, locale: Locale = "en"): string {
  return formatIn(value, locale, "dateTime");
}

/** The server's detail when it sent one (string, or the 422 messages), else the error's message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiClientError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
