import { configIn } from "@/lib/i18n/study-config-language";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { deidentifyPatient, deidentifyPlan, shiftDate, shiftMonth } from "@/lib/exports/deidentify";
import type { ExportPatient } from "@/lib/exports/export-records";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";

const config = configIn(StudyConfigSchema.parse(DEMO_STUDY_CONFIG), "en");
const plan = deidentifyPlan(config);

const patient: ExportPatient = {
  id: 7,
  code: "MI-0001",
  birth_date: "1971-02-03",
  sex: "F",
  height_cm: 170,
  weight_kg: 60,
  naive_systemic: false,
  naive_biologic: true,
  custom_fields: { hospital_record_number: "MI-004512", psoriasis_onset: "2015-03", unknown_key: "kept" },
  missing: {},
  medical_group_code: null,
  enrolled_on: "2024-01-02",
  visits: [
    {
      id: 70,
      visit_number: 1,
      visit_date: "2024-01-10",
      visit_type: "baseline",
      data_fields: {
        ae_onset_date: "2024-01-05",
        pasi_score: 20,
        therapy_switch: { is_continuing_therapy: false, switch_date: "2024-01-09" },
      },
      missing: {},
      calculated_values: {},
      therapy_line: {
        line_number: 2,
        therapy_name: "x",
        start_date: "2024-01-09",
        end_date: null,
        switch_reason: "inefficacy",
        switch_data: { switch_date: "2024-01-09" },
      },
      protocol_version: 1,
      is_locked: false,
      created_at: "2024-01-10T08:00:00.000Z",
      updated_at: "2024-01-10T08:00:00.000Z",
    },
  ],
};

const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe("de-identification of one patient", () => {
  it("replaces the code, drops identifier fields and moves every date by one offset", () => {
    const masked = deidentifyPatient(patient, plan, { pseudonym: "S1-ABCDEFGHJK", shiftDays: -40 });
    expect(masked.code).toBe("S1-ABCDEFGHJK");
    expect(masked.custom_fields).not.toHaveProperty("hospital_record_number");
    expect(masked.custom_fields.unknown_key).toBe("kept");
    expect(masked.birth_date).toBe("1970-12-25");
    expect(masked.custom_fields.psoriasis_onset).toBe("2015-02");
    const [visit] = masked.visits;
    expect(visit!.visit_date).toBe("2023-12-01");
    expect(visit!.data_fields.ae_onset_date).toBe("2023-11-26");
    expect((visit!.data_fields.therapy_switch as { switch_date: string }).switch_date).toBe("2023-11-30");
    expect(visit!.therapy_line!.start_date).toBe("2023-11-30");
    expect(visit!.therapy_line!.switch_data).toEqual({ switch_date: "2023-11-30" });
    expect(masked.enrolled_on).toBe("2023-11-23");
    expect(JSON.stringify(masked)).not.toMatch(/2024-01|1971-02-03|MI-00/);
  });

  it("never leaves a date or a month unchanged and keeps every interval (|offset| 31–365)", () => {
    const date = fc
      .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const offset = fc.integer({ min: 31, max: 365 }).chain((n) => fc.constantFrom(n, -n));
    fc.assert(
      fc.property(date, date, offset, (a, b, shift) => {
        expect(shiftDate(a, shift)).not.toBe(a);
        expect(shiftMonth(a.slice(0, 7), shift)).not.toBe(a.slice(0, 7));
        expect(days(shiftDate(a, shift), shiftDate(b, shift))).toBe(days(a, b));
      }),
      { numRuns: 100 },
    );
  });

  it("withholds a value that is not a calendar date instead of passing it through", () => {
    expect(shiftDate("03/02/1971", 40)).toBe("");
    expect(shiftMonth("March 2015", 40)).toBe("");
  });
});
