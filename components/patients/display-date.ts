import { format, isValid, parseISO } from "date-fns";

/**
 * Dates on the study screens read like 'Mar 05, 1980' (spec §2). A calendar date (YYYY-MM-DD) is a
 * local day, not a UTC midnight, so it never shows as the day before west of Greenwich.
 */
export function displayDate(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, "MMM dd, yyyy") : value;
}
