/**
 * Dates and numbers in the reader's language (docs/decisions/0021): the one module every screen
 * formats through. Pure, browser and server alike: `formatFor(locale)` anywhere, `useFormat()`
 * (components/i18n/use-format.ts) in a client component.
 *
 * - Calendar dates (`YYYY-MM-DD`) are days, never shifted by a zone: 'Mar 05, 1980' (the spec's
 *   `MMM dd, yyyy`), Italian '05 mar 1980'.
 * - Month-only values (`YYYY-MM`): 'Mar 2024', 'mar 2024'.
 * - Instants (an ISO date and time with Z or an offset) are shown in the display time zone,
 *   Europe/Rome, whatever the machine's zone: as a day by `date`, and with the time and the zone
 *   named by `dateTime` ('Mar 09, 2024 11:05:07 GMT+1', '09 mar 2024 11:05:07 CET').
 * - Numbers: `number` with `Intl.NumberFormat` (grouped, decimal comma in Italian) for counts and
 *   computed results; `percent` for a rate in points ('45.5%', '45,5%'); `exact` for a recorded value, every digit, as a person types it back into a
 *   field (read by `parseTypedNumber`, lib/forms/parse-number.ts).
 *
 * Machine formats (ISO dates in API bodies, CSV and ODM exports) never come here.
 */
import { format } from "date-fns";
import { enUS, it } from "date-fns/locale";
import type { Locale } from "./locales";

/** The zone instants are shown in: the registry's hospitals are Italian (next-intl is given it too). */
export const DISPLAY_TIME_ZONE = "Europe/Rome";

/** Shown for an empty value. */
export const EMPTY = "—";

type Style = {
  dateFns: typeof enUS;
  intl: string;
  date: string;
  month: string;
};

const STYLES: Record<Locale, Style> = {
  en: { dateFns: enUS, intl: "en-US", date: "MMM dd, yyyy", month: "MMM yyyy" },
  it: { dateFns: it, intl: "it-IT", date: "dd MMM yyyy", month: "MMM yyyy" },
};

export type DateInput = string | Date | null | undefined;

export type Formatter = {
  locale: Locale;
  /** A calendar day: a `YYYY-MM-DD` date as written, an instant as its day in the display zone. */
  date(value: DateInput): string;
  /** A month-only value (`YYYY-MM`, or any date: its month). */
  month(value: DateInput): string;
  /** An instant with its time to the second and the zone named (the audit trail's timestamps). */
  dateTime(value: DateInput): string;
  /** A number for reading: grouped digits, the locale's decimal separator. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /**
   * A percentage given in points (45.5 for 45.5 %, as the reports API sends it), to one decimal at
   * most, the locale's way: '45.5%', '45,5%'.
   */
  percent(points: number): string;
  /**
   * A number exactly as stored: every digit, no grouping, the locale's decimal separator. For a
   * clinical value on screen (nothing rounded away) and in a field a person edits.
   */
  exact(value: number): string;
};

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CALENDAR_MONTH = /^(\d{4})-(\d{2})$/;
// A date and time without a zone is a wall-clock time: its date is taken as written.
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;
// An instant: a date and time with Z or an offset, as the API and PostgreSQL write them.
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** A day at noon in the machine's zone (noon exists on every day everywhere); years below 100 kept. */
function localDay(year: number, month: number, day: number): Date {
  const date = new Date(2000, month - 1, day, 12);
  date.setFullYear(year, month - 1, day);
  return date;
}

// Intl formats are costly to build: one per locale and zone.
const intlFormats = new Map<string, Intl.DateTimeFormat>();
function cachedFormat(locale: string, options: Intl.DateTimeFormatOptions & { timeZone: string }) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = intlFormats.get(key);
  if (!f) intlFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  return cachedFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    era: "short",
  });
}

/** The wall clock of an instant in a zone, read by Intl (never the machine's zone). */
function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  return {
    year: parts.era === "BC" ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function zoneName(instant: Date, intlLocale: string, timeZone: string): string {
  const parts = cachedFormat(intlLocale, { timeZone, timeZoneName: "short" }).formatToParts(instant);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

function toInstant(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (!INSTANT.test(value)) return null;
  // JavaScript reads "2024-07-09T10:05:07+00:00", not PostgreSQL's "2024-07-09 10:05:07+00".
  const iso = value
    .replace(" ", "T")
    .replace(/\s/, "")
    .replace(/([+-]\d{2})(\d{2})?$/, (_, hours: string, minutes?: string) => `${hours}:${minutes ?? "00"}`);
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day a value stands for, or null when it is not a date. */
function dayOf(value: string | Date, timeZone: string): { year: number; month: number; day: number } | null {
  if (typeof value === "string") {
    const match = CALENDAR_DATE.exec(value) ?? LOCAL_DATE_TIME.exec(value);
    if (match) {
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = localDay(year, month, day);
      // 2024-02-31 is not a day: shown as written rather than as 2 March.
      return date.getMonth() === month - 1 && date.getDate() === day ? { year, month, day } : null;
    }
  }
  const instant = toInstant(value);
  return instant ? wallClock(instant, timeZone) : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

const formatters = new Map<string, Formatter>();

/** The formatter of a locale (and zone): one per pair, so a hook may call it at every render. */
export function formatFor(locale: Locale, timeZone: string = DISPLAY_TIME_ZONE): Formatter {
  const key = `${locale}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = createFormatter(locale, timeZone)));
  return formatter;
}

function createFormatter(locale: Locale, timeZone: string): Formatter {
  const style = STYLES[locale];
  const numbers = new Intl.NumberFormat(style.intl);
  const percents = new Intl.NumberFormat(style.intl, { style: "percent", maximumFractionDigits: 1 });
  const dayText = ({ year, month, day }: { year: number; month: number; day: number }) =>
    format(localDay(year, month, day), style.date, { locale: style.dateFns });

  return {
    locale,
    date(value) {
      if (value === null || value === undefined || value === "") return EMPTY;
      const day = dayOf(value, timeZone);
      return day ? dayText(day) : String(value);
    },
    month(value) {
      if (value === null || value === undefined || value === "") return EMPTY;
      const match = typeof value === "string" ? CALENDAR_MONTH.exec(value) : null;
      const day = match
        ? { year: Number(match[1]), month: Number(match[2]), day: 1 }
        : dayOf(value, timeZone);
      if (!day || day.month < 1 || day.month > 12) return String(value);
      return format(localDay(day.year, day.month, 1), style.month, { locale: style.dateFns });
    },
    dateTime(value) {
      if (value === null || value === undefined || value === "") return EMPTY;
      const instant = toInstant(value);
      if (!instant) return String(value);
      const clock = wallClock(instant, timeZone);
      const time = `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
      return `${dayText(clock)} ${time} ${zoneName(instant, style.intl, timeZone)}`;
    },
    number(value, options) {
      return options ? new Intl.NumberFormat(style.intl, options).format(value) : numbers.format(value);
    },
    percent(points) {
      return percents.format(points / 100);
    },
    exact(value) {
      return exactNumber(value, locale);
    },
  };
}

/**
 * A number as a person would type it back: JavaScript's shortest text that reads back as the same
 * number (so nothing is rounded away), no grouping, a decimal comma in Italian. -0 stays "-0".
 */
export function exactNumber(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return "";
  const text = Object.is(value, -0) ? "-0" : String(value);
  return locale === "it" ? text.replace(".", ",") : text;
}
