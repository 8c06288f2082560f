/**
 * The one rule for calendar dates, used by every API body and query, every date field of a study,
 * the therapy switch and the list cursors: `YYYY-MM-DD` exactly, a day that exists in that month
 * of that year (date-fns `isExists`), year 1 or later. `Date.parse` is never the rule: it rolls
 * 2024-02-31 over to 2 March and reads 'March 5 2024' too. Pure; browser and server alike.
 */
import { isExists } from "date-fns";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
// ISO 8601 date and time as the API's filters take it: a calendar date, optionally a time
// (hours:minutes, seconds and fraction optional) and an offset (Z or ±HH:MM).
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

/** A real calendar day written YYYY-MM-DD: 2024-02-29 yes, 2023-02-29 and 2024-02-31 no. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // isExists takes a JavaScript month index (0–11). Date reads years below 100 as 19xx; the
  // Gregorian calendar repeats every 400 years, so year + 400 has the same days.
  return year >= 1 && isExists(year < 100 ? year + 400 : year, month - 1, day);
}

/** `YYYY-MM-DD` of a year, a month (1–12) and a day, zero-padded. */
export function writeCalendarDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A month written YYYY-MM, year 1 or later. */
export function isCalendarMonth(value: string): boolean {
  const match = MONTH.exec(value);
  return match !== null && Number(match[1]) >= 1;
}

/** An ISO 8601 date, or date and time, whose date is a real calendar day (see isCalendarDate). */
export function isIsoDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  return match !== null && isCalendarDate(match[1]!);
}
