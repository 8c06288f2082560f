import { isExists } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCalendarDate, isCalendarMonth, isIsoDateTime } from "@/lib/dates/calendar-date";
import { isCalendarDate as formsIsCalendarDate } from "@/lib/forms";

describe("the one calendar date rule", () => {
  it("accepts real days only, leap years included", () => {
    for (const good of ["2024-02-29", "2000-02-29", "1980-05-17", "0001-01-01", "0004-02-29", "9999-12-31"])
      expect(isCalendarDate(good), good).toBe(true);
    for (const bad of ["2024-02-31", "2023-02-29", "1900-02-29", "0003-02-29", "2024-04-31", "2024-13-01"])
      expect(isCalendarDate(bad), bad).toBe(false);
  });

  it("agrees with date-fns' isExists on any year, month and day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const written = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          // Date reads years below 100 as 19xx; the calendar repeats every 400 years.
          const exists = isExists(year < 100 ? year + 400 : year, month - 1, day);
          expect(isCalendarDate(written), written).toBe(exists);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("accepts only the YYYY-MM-DD shape (no rolling over, no other formats)", () => {
    for (const bad of [
      "0000-01-01",
      "2024-2-3",
      "2024-02-03T00:00:00Z",
      " 2024-02-03",
      "March 5 2024",
      "20240203",
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
  });

  it("is the rule the form engine uses", () => {
    expect(formsIsCalendarDate).toBe(isCalendarDate);
  });

  it("checks months and date-times with the same day rule", () => {
    expect(isCalendarMonth("2024-02")).toBe(true);
    expect(isCalendarMonth("2024-13")).toBe(false);
    for (const good of [
      "2024-02-29",
      "2024-02-29T23:59:59Z",
      "2024-02-29T10:00",
      "2024-02-29 10:00:00.123+01:00",
    ])
      expect(isIsoDateTime(good), good).toBe(true);
    for (const bad of [
      "2024-02-31T00:00:00Z",
      "2023-02-29T10:00",
      "2024-02-29T24:00",
      "yesterday",
      "March 5 2024",
    ])
      expect(isIsoDateTime(bad), bad).toBe(false);
  });
});
