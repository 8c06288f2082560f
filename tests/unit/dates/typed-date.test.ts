import { describe, expect, it } from "vitest";
import {
  dateOrderOf,
  parseTypedDate,
  parseTypedMonth,
  writeTypedDate,
  writeTypedMonth,
} from "@/lib/dates/typed-date";

describe("a date typed in one stop", () => {
  it("reads the Italian order, day first, with or without separators", () => {
    for (const typed of ["15032010", "15/03/2010", "15-03-2010", "15.03.2010", "15 3 2010", " 15/3/2010 "])
      expect(parseTypedDate(typed, "dmy"), typed).toBe("2010-03-15");
  });

  it("reads the English order, month first, as the app writes dates for an English reader", () => {
    for (const typed of ["03152010", "03/15/2010", "3/15/2010"])
      expect(parseTypedDate(typed, "mdy"), typed).toBe("2010-03-15");
    // The same digits mean another day in the other order.
    expect(parseTypedDate("03042010", "mdy")).toBe("2010-03-04");
    expect(parseTypedDate("03042010", "dmy")).toBe("2010-04-03");
  });

  it("takes the stored form as it is, in either language", () => {
    expect(parseTypedDate("2010-03-15", "dmy")).toBe("2010-03-15");
    expect(parseTypedDate("2010-03-15", "mdy")).toBe("2010-03-15");
  });

  it("refuses days that do not exist and shapes it cannot read without guessing", () => {
    for (const bad of [
      "31022010",
      "29/02/2023",
      "15/13/2010",
      "150310",
      "15/03/10",
      "2010",
      "",
      "15//03/2010",
      "abc",
    ])
      expect(parseTypedDate(bad, "dmy"), bad).toBeNull();
    expect(parseTypedDate("29/02/2024", "dmy")).toBe("2024-02-29");
    expect(parseTypedDate("15/03/2010", "mdy")).toBeNull(); // month 15
  });

  it("writes a stored day back as the reader types it, and reads that back to the same day", () => {
    expect(writeTypedDate("2010-03-04", "dmy")).toBe("04/03/2010");
    expect(writeTypedDate("2010-03-04", "mdy")).toBe("03/04/2010");
    for (const order of ["dmy", "mdy"] as const)
      expect(parseTypedDate(writeTypedDate("1968-09-30", order), order)).toBe("1968-09-30");
    expect(writeTypedDate("not a date", "dmy")).toBe("not a date");
  });

  it("orders day and month by the reader's language", () => {
    expect(dateOrderOf("it")).toBe("dmy");
    expect(dateOrderOf("en")).toBe("mdy");
  });
});

describe("a month typed in one stop", () => {
  it("reads 03/2010, 032010, 3/2010 and the stored 2010-03", () => {
    for (const typed of ["03/2010", "032010", "3/2010", "03-2010", "03.2010", "2010-03", "2010-3"])
      expect(parseTypedMonth(typed), typed).toBe("2010-03");
  });

  it("refuses a month that does not exist or a year of two digits", () => {
    for (const bad of ["13/2010", "00/2010", "132010", "03/10", "0310", "", "2010"])
      expect(parseTypedMonth(bad), bad).toBeNull();
  });

  it("writes a stored month back as typed", () => {
    expect(writeTypedMonth("2001-04")).toBe("04/2001");
    expect(parseTypedMonth(writeTypedMonth("2001-04"))).toBe("2001-04");
  });
});
