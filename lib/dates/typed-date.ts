/**
 * Dates typed by a person in one stop (docs/decisions/0027): the capture forms' date and month
 * boxes are text boxes that read what a clinician types and keep the stored value the API's
 * (`YYYY-MM-DD`, `YYYY-MM`, lib/dates/calendar-date.ts). The order of day and month is the
 * reader's, as the app writes dates for them (lib/i18n/format.ts): Italian day first
 * (15/03/2010), English month first (03/15/2010). Accepted, in either language:
 *
 * - a date: the eight digits `15032010`, or the parts with any of `/ - . ` between them
 *   (`15/03/2010`, `15-3-2010`), or the stored form `2010-03-15`;
 * - a month: the six digits `032010`, or `03/2010`, `3/2010`, or the stored form `2010-03`.
 *
 * Years are written with four digits (a two-digit year is a guess about the century). Whether the
 * day exists is date-fns' `isExists` through isCalendarDate. Pure; browser and server alike.
 */
import { isCalendarDate, isCalendarMonth } from "./calendar-date";

/** Day first (Italian) or month first (English), as the app writes dates for the reader. */
export type DateOrder = "dmy" | "mdy";

export const dateOrderOf = (locale: string): DateOrder => (locale === "en" ? "mdy" : "dmy");

const SEP = "[\\/\\-. ]";
const DATE_PARTS = new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4})$`);
const DATE_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const MONTH_PARTS = new RegExp(`^(\\d{1,2})${SEP}(\\d{4})$`);
const MONTH_DIGITS = /^(\d{2})(\d{4})$/;
const ISO_MONTH = /^(\d{4})-(\d{1,2})$/;

const pad = (part: string) => part.padStart(2, "0");

/** The `YYYY-MM-DD` a typed date stands for, or null when it is not a real day. */
export function parseTypedDate(text: string, order: DateOrder): string | null {
  const typed = text.trim();
  const iso = ISO_DATE.exec(typed);
  let candidate: string | null = null;
  if (iso) candidate = `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  else {
    const match = DATE_DIGITS.exec(typed) ?? DATE_PARTS.exec(typed);
    if (match) {
      const [first, second, year] = [match[1]!, match[2]!, match[3]!];
      const [day, month] = order === "dmy" ? [first, second] : [second, first];
      candidate = `${year}-${pad(month)}-${pad(day)}`;
    }
  }
  return candidate !== null && isCalendarDate(candidate) ? candidate : null;
}

/** The `YYYY-MM` a typed month stands for, or null. */
export function parseTypedMonth(text: string): string | null {
  const typed = text.trim();
  const iso = ISO_MONTH.exec(typed);
  const match = iso ? null : (MONTH_DIGITS.exec(typed) ?? MONTH_PARTS.exec(typed));
  const candidate = iso ? `${iso[1]}-${pad(iso[2]!)}` : match ? `${match[2]}-${pad(match[1]!)}` : null;
  return candidate !== null && isCalendarMonth(candidate) ? candidate : null;
}

/** A stored `YYYY-MM-DD` written back the way the reader types it (15/03/2010, 03/15/2010). */
export function writeTypedDate(stored: string, order: DateOrder): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(stored);
  if (!match) return stored;
  const [year, month, day] = [match[1], match[2], match[3]];
  return order === "dmy" ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/** A stored `YYYY-MM` written back as typed (03/2010). */
export function writeTypedMonth(stored: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(stored);
  return match ? `${match[2]}/${match[1]}` : stored;
}
