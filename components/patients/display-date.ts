import { formatDate } from "@/components/patient-detail/format";
import type { Locale } from "@/lib/i18n/locales";

/**
 * Dates on the study screens read like 'Mar 05, 1980' (spec §2), '05 mar 1980' in Italian. A
 * calendar date (YYYY-MM-DD) is a local day, not a UTC midnight, so it never shows as the day
 * before west of Greenwich.
 */
export function displayDate(value: string, locale: Locale = "en"): string {
  return formatDate(value, locale);
}
