/**
 * The one rule for calendar dates, used by every API body and query, every date field of a study,
 * the therapy switch and the list cursors: `YYYY-MM-DD` exactly, a day that exists in that month
 * of that year (the proleptic Gregorian calendar), year 1 or later. `Date.parse` is never the
 * rule: it rolls 2024-02-31 over to 2 March and reads 'March 5 2024' too. Pure; browser and server
 * alike.
 */

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
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Counted, not built as a Date: every date of every record a form save or an import checks
  // passes here (a property test holds it equal to date-fns' isExists).
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days of a month (1–12) of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return DAYS_IN_MONTH[month - 1]!;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
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
