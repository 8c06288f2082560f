import "server-only";
import { writeCalendarDate } from "@/lib/dates/calendar-date";

/**
 * Today's calendar date as the clinical rules read it: a date in the future, a visit overdue
 * (decisions 0024, 0025). Injectable, so tests fix the day and never depend on the machine's clock
 * (DESIGN "results never depend on load or on the clock"). The day is the server's local one: a
 * deployment sets `TZ` to its hospital's zone.
 */
let clock: () => Date = () => new Date();

/**
 * The last day read, and the minute it was read in. Every zone's offset today is whole minutes, so a
 * local day starts and ends on a minute boundary: within one minute the day is the same.
 */
let lastRead: { minute: number; day: string } | null = null;

/** `YYYY-MM-DD`, the form every date of a patient or visit is stored in. */
export function clinicalToday(): string {
  // Read for every record a form save or an import checks: written by hand, not by a formatter,
  // and the local calendar is consulted once a minute at most.
  const now = clock();
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastRead?.minute === minute) return lastRead.day;
  const day = writeCalendarDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
  lastRead = { minute, day };
  return day;
}

/** Tests only: fix the clinical day (`null` restores the real clock). */
export function setClinicalClock(now: (() => Date) | null): void {
  clock = now ?? (() => new Date());
  lastRead = null;
}
