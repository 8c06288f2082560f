import { describe, expect, it } from "vitest";
import { DISPLAY_TIME_ZONE, EMPTY, formatFor, exactNumber } from "@/lib/i18n/format";

// Fixed dates; the zone is the module's (Europe/Rome) or one given to formatFor, never the
// machine's: the same strings come out under any TZ (the machine-zone test below checks it).
const en = formatFor("en");
const it_ = formatFor("it");

describe("formatFor: calendar dates", () => {
  it("writes a calendar day the spec's way in English and day-month-year in Italian", () => {
    expect(en.date("1980-03-05")).toBe("Mar 05, 1980");
    expect(it_.date("1980-03-05")).toBe("05 mar 1980");
    expect(en.date("2024-12-31")).toBe("Dec 31, 2024");
    expect(it_.date("2024-05-01")).toBe("01 mag 2024");
    expect(it_.date("2024-01-15")).toBe("15 gen 2024");
  });

  it("never shifts a calendar day by a zone, even one far from Rome", () => {
    expect(formatFor("en", "Pacific/Kiritimati").date("2024-01-01")).toBe("Jan 01, 2024");
    expect(formatFor("it", "Pacific/Pago_Pago").date("2024-01-01")).toBe("01 gen 2024");
  });

  it("shows an instant as its day in the display zone", () => {
    // 23:30 UTC on 9 March is 00:30 on 10 March in Rome (CET, UTC+1).
    expect(en.date("2024-03-09T23:30:00Z")).toBe("Mar 10, 2024");
    expect(it_.date("2024-03-09T23:30:00.000Z")).toBe("10 mar 2024");
    expect(formatFor("en", "America/New_York").date("2024-03-09T23:30:00Z")).toBe("Mar 09, 2024");
    expect(en.date(new Date(Date.UTC(2024, 6, 1, 21, 59, 59)))).toBe("Jul 01, 2024");
    expect(en.date(new Date(Date.UTC(2024, 6, 1, 22, 0, 0)))).toBe("Jul 02, 2024");
  });

  it("shows what is not a date as written and an empty value as a dash", () => {
    expect(en.date("2024-02-31")).toBe("2024-02-31");
    expect(it_.date("March 5 2024")).toBe("March 5 2024");
    expect(en.date(null)).toBe(EMPTY);
    expect(it_.date(undefined)).toBe(EMPTY);
    expect(en.date("")).toBe(EMPTY);
  });

  it("writes month-only values", () => {
    expect(en.month("2024-03")).toBe("Mar 2024");
    expect(it_.month("2024-03")).toBe("mar 2024");
    expect(it_.month("2023-12")).toBe("dic 2023");
    expect(en.month("2024-13")).toBe("2024-13");
  });
});

describe("formatFor: instants with time and zone (the audit trail)", () => {
  it("names the zone, winter and summer", () => {
    expect(en.dateTime("2024-03-09T10:05:07.123Z")).toBe("Mar 09, 2024 11:05:07 GMT+1");
    expect(it_.dateTime("2024-03-09T10:05:07.123Z")).toBe("09 mar 2024 11:05:07 CET");
    expect(en.dateTime("2024-07-09T10:05:07Z")).toBe("Jul 09, 2024 12:05:07 GMT+2");
    expect(it_.dateTime("2024-07-09T10:05:07Z")).toBe("09 lug 2024 12:05:07 CEST");
  });

  it("reads offsets as the API and PostgreSQL write them", () => {
    expect(it_.dateTime("2024-07-09 10:05:07+00")).toBe("09 lug 2024 12:05:07 CEST");
    expect(it_.dateTime("2024-07-09T12:05:07+02:00")).toBe("09 lug 2024 12:05:07 CEST");
    expect(en.dateTime("2024-07-09T05:05:07-0500")).toBe("Jul 09, 2024 12:05:07 GMT+2");
  });

  it("crosses the daylight-saving change at Rome's wall clock", () => {
    // Clocks went forward at 02:00 CET on 31 March 2024 (01:00 UTC).
    expect(it_.dateTime("2024-03-31T00:59:59Z")).toBe("31 mar 2024 01:59:59 CET");
    expect(it_.dateTime("2024-03-31T01:00:00Z")).toBe("31 mar 2024 03:00:00 CEST");
  });

  it("uses another zone when given one, and says which", () => {
    expect(formatFor("en", "UTC").dateTime("2024-03-09T10:05:07Z")).toBe("Mar 09, 2024 10:05:07 UTC");
  });

  it("does not take a time without a zone for an instant", () => {
    expect(en.dateTime("2024-03-09T10:05:07")).toBe("2024-03-09T10:05:07");
    expect(en.dateTime("")).toBe(EMPTY);
    expect(en.dateTime(new Date(Number.NaN))).toBe("Invalid Date");
  });

  it("gives the same text whatever the machine's zone", () => {
    const saved = process.env.TZ;
    try {
      const seen = new Set<string>();
      for (const tz of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Kolkata"]) {
        process.env.TZ = tz;
        const f = formatFor("it");
        seen.add(
          [f.date("2024-03-31"), f.date("2024-03-31T22:30:00Z"), f.dateTime("2024-03-31T01:00:00Z")].join(
            " ",
          ),
        );
      }
      expect([...seen]).toEqual(["31 mar 2024 01 apr 2024 31 mar 2024 03:00:00 CEST"]);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it("shows instants in Europe/Rome unless told otherwise", () => {
    expect(DISPLAY_TIME_ZONE).toBe("Europe/Rome");
  });
});

describe("formatFor: numbers", () => {
  it("groups digits and uses the locale's decimal separator", () => {
    expect(en.number(1234.5)).toBe("1,234.5");
    expect(it_.number(12345.5)).toBe("12.345,5");
    expect(it_.number(1.5)).toBe("1,5");
    expect(it_.number(3.14159, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe("3,14");
    expect(en.number(3.1, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe("3.10");
  });

  it("writes a rate given in points as the locale writes a percentage, to one decimal", () => {
    expect(en.percent(45.5)).toBe("45.5%");
    expect(it_.percent(45.5)).toBe(
      new Intl.NumberFormat("it-IT", { style: "percent", maximumFractionDigits: 1 }).format(0.455),
    );
    expect(it_.percent(45.5)).toMatch(/^45,5\s?%$/);
    expect(en.percent(66.7)).toBe("66.7%");
    expect(en.percent(100)).toBe("100%");
    expect(it_.percent(0)).toMatch(/^0\s?%$/);
    expect(en.percent(33.333)).toBe("33.3%");
  });

  it("writes a number for a field with every digit and no grouping", () => {
    expect(en.exact(1234.5)).toBe("1234.5");
    expect(it_.exact(1234.5)).toBe("1234,5");
    expect(exactNumber(0.1 + 0.2, "it")).toBe("0,30000000000000004");
    expect(exactNumber(-1.5e-7, "it")).toBe("-1,5e-7");
    expect(exactNumber(-0, "en")).toBe("-0");
    expect(exactNumber(Number.NaN, "en")).toBe("");
  });
});
