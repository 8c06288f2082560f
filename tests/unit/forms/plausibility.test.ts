/** The plausibility rules (lib/forms/plausibility.ts, decision 0024) on fixed dates. */
import { describe, expect, it } from "vitest";
import {
  ageInYears,
  patientPlausibility,
  PLAUSIBILITY_MESSAGES,
  unconfirmedWarnings,
  visitPlausibility,
  warningIssue,
} from "@/lib/forms/plausibility";
import type { DataField } from "@/lib/schemas/study-config";

const TODAY = "2025-06-15";

const fields: DataField[] = [
  { entity: "patient", name: "onset", label: "Onset", type: "month" },
  { entity: "patient", name: "diagnosis", label: "Diagnosis", type: "date" },
  { entity: "patient", name: "next_surgery", label: "Next surgery", type: "date" },
  {
    entity: "patient",
    name: "history",
    label: "History",
    type: "array",
    schema: {
      start: { type: "month", label: "Start" },
      dose: { type: "number", label: "Dose", validation: { soft_min: 10, soft_max: 100 } },
    },
  },
  { entity: "visit", name: "pasi", label: "PASI", type: "number", validation: { soft_min: 1, soft_max: 50 } },
];

const patient = (birthDate: string, customFields: Record<string, unknown> = {}, visitDates?: string[]) =>
  patientPlausibility({ today: TODAY, birthDate, fields, customFields, visitDates });

const visit = (
  visitDate: string,
  visitNumber = 2,
  dataFields: Record<string, unknown> = {},
  birthDate = "1980-05-17",
) =>
  visitPlausibility({
    today: TODAY,
    birthDate,
    visitDate,
    visitNumber,
    otherVisits: [
      { visitNumber: 1, visitDate: "2024-01-10" },
      { visitNumber: 3, visitDate: "2024-09-10" },
    ],
    fields,
    dataFields,
  });

describe("ageInYears", () => {
  it("counts completed years, the birthday itself included", () => {
    expect(ageInYears("1980-05-17", "2025-05-16")).toBe(44);
    expect(ageInYears("1980-05-17", "2025-05-17")).toBe(45);
    expect(ageInYears("2000-02-29", "2001-02-28")).toBe(0);
    expect(ageInYears("2000-02-29", "2001-03-01")).toBe(1);
  });
});

describe("patient", () => {
  it("refuses a birth date after today, accepts today", () => {
    expect(patient("2025-06-16").errors).toEqual([
      { loc: ["birth_date"], msg: PLAUSIBILITY_MESSAGES.birthInFuture, type: "plausibility_error" },
    ]);
    expect(patient("2025-06-15")).toEqual({ errors: [], warnings: [] });
  });

  it("refuses date and month fields before birth, top level and in rows; the birth month and future dates pass", () => {
    const result = patient("2010-03-15", {
      onset: "2010-03",
      diagnosis: "2010-03-14",
      next_surgery: "2030-01-01",
      history: [{ start: "2011-01" }, { start: "2009-12" }],
    });
    expect(result.errors.map((e) => e.loc)).toEqual([
      ["custom_fields", "diagnosis"],
      ["custom_fields", "history", 1, "start"],
    ]);
    expect(result.errors[0]!.msg).toBe(PLAUSIBILITY_MESSAGES.beforeBirth("Diagnosis", "2010-03-15"));
  });

  it("refuses a birth date after a recorded visit", () => {
    expect(patient("2024-02-01", {}, ["2024-03-01", "2024-01-10"]).errors).toEqual([
      {
        loc: ["birth_date"],
        msg: PLAUSIBILITY_MESSAGES.birthAfterVisit("2024-01-10"),
        type: "plausibility_error",
      },
    ]);
  });

  it("warns after the 110th birthday, not on it", () => {
    expect(patient("1915-06-15").warnings).toEqual([]);
    expect(patient("1915-06-14").warnings).toEqual([
      { code: "age_over_110", loc: ["birth_date"], msg: PLAUSIBILITY_MESSAGES.ageOver110(110) },
    ]);
  });

  it("warns about a row's number outside its soft range, one code for the sub-field", () => {
    const { warnings } = patient("1980-01-01", { history: [{ dose: 5 }, { dose: 50 }, { dose: 101 }] });
    expect(warnings).toEqual([
      {
        code: "soft_range:history.dose",
        loc: ["custom_fields", "history", 0, "dose"],
        msg: PLAUSIBILITY_MESSAGES.softBelow("Dose", 5, 10),
      },
      {
        code: "soft_range:history.dose",
        loc: ["custom_fields", "history", 2, "dose"],
        msg: PLAUSIBILITY_MESSAGES.softAbove("Dose", 101, 100),
      },
    ]);
  });

  it("skips values that are not dates or numbers (the form engine's concern)", () => {
    expect(patient("not a date", { onset: "1900-01" })).toEqual({ errors: [], warnings: [] });
    expect(patient("1980-01-01", { onset: "garbage", history: "no list" })).toEqual({
      errors: [],
      warnings: [],
    });
  });
});

describe("visit", () => {
  it("refuses a date in the future or before birth", () => {
    expect(visit("2025-06-16").errors).toEqual([
      { loc: ["visit_date"], msg: PLAUSIBILITY_MESSAGES.visitInFuture, type: "plausibility_error" },
    ]);
    expect(visit("1950-01-01", 1).errors).toEqual([
      {
        loc: ["visit_date"],
        msg: PLAUSIBILITY_MESSAGES.visitBeforeBirth("1980-05-17"),
        type: "plausibility_error",
      },
    ]);
  });

  it("warns when the date is out of order against the number, either way", () => {
    expect(visit("2024-05-01").warnings).toEqual([]);
    // Same date as a neighbour is not out of order.
    expect(visit("2024-01-10").warnings).toEqual([]);
    expect(visit("2024-01-09").warnings).toEqual([
      {
        code: "visit_date_order",
        loc: ["visit_date"],
        msg: PLAUSIBILITY_MESSAGES.visitDateOrder(1, "2024-01-10"),
      },
    ]);
    expect(visit("2024-10-01").warnings).toEqual([
      {
        code: "visit_date_order",
        loc: ["visit_date"],
        msg: PLAUSIBILITY_MESSAGES.visitDateOrder(3, "2024-09-10"),
      },
    ]);
    // The issue's repro: a later number dated 1950, before everything.
    expect(visit("1990-01-01", 6).warnings.map((w) => w.code)).toEqual(["visit_date_order"]);
  });

  it("warns about an age over 110 at the visit date", () => {
    expect(visit("2024-05-01", 2, {}, "1914-04-30").warnings.map((w) => w.code)).toEqual(["age_over_110"]);
    expect(visit("2024-05-01", 2, {}, "1914-05-01").warnings).toEqual([]);
  });

  it("warns about a number outside its soft range, both bounds inclusive", () => {
    expect(visit("2024-05-01", 2, { pasi: 50 }).warnings).toEqual([]);
    expect(visit("2024-05-01", 2, { pasi: 1 }).warnings).toEqual([]);
    expect(visit("2024-05-01", 2, { pasi: 50.1 }).warnings).toEqual([
      {
        code: "soft_range:pasi",
        loc: ["data_fields", "pasi"],
        msg: PLAUSIBILITY_MESSAGES.softAbove("PASI", 50.1, 50),
      },
    ]);
  });
});

describe("confirmation", () => {
  it("leaves only the warnings whose code was not confirmed, and names the code in the 422 entry", () => {
    const { warnings } = visit("2024-10-01", 2, { pasi: 60 });
    expect(unconfirmedWarnings(warnings, ["visit_date_order"]).map((w) => w.code)).toEqual([
      "soft_range:pasi",
    ]);
    expect(unconfirmedWarnings(warnings, undefined)).toHaveLength(2);
    expect(warningIssue(warnings[0]!)).toEqual({
      loc: ["visit_date"],
      msg: warnings[0]!.msg,
      type: "plausibility_warning",
      code: "visit_date_order",
    });
  });
});
