/**
 * The export's two CSV layouts read back (docs/decisions/0037): what the export wrote is what the
 * reader answers, value for value, in both dialects, whatever the chunks the upload arrives in.
 */
import { describe, expect, it } from "vitest";
import { CSV_DIALECTS, type CsvDialect } from "@/lib/csv/csv-cells";
import { longColumns, orderSlots, wideColumns } from "@/lib/exports/columns";
import { csvHeader, longRows, wideRows } from "@/lib/exports/csv-rows";
import type { ExportPatient, ExportTherapyLine, ExportVisit } from "@/lib/exports/export-records";
import { isEmptyValue } from "@/lib/forms";
import type { ImportedGroup, ImportedVisit } from "@/lib/imports/import-records";
import { generatePatient } from "@/tests/support/export-patients";
import { demoConfig, readImport } from "./import-fixture";

const config = demoConfig();
const OPTIONS = { deidentify: false };

const SWITCH = {
  switch_reason: "altro",
  switch_reason_other: '=rash; "severe", spreading',
  new_therapy: "bimekizumab",
  switch_date: "2024-03-01",
};
const lineOne: ExportTherapyLine = {
  line_number: 1,
  therapy_name: "adalimumab",
  start_date: "2024-01-05",
  end_date: "2024-03-01",
  switch_reason: null,
  switch_data: null,
};
const lineTwo: ExportTherapyLine = {
  line_number: 2,
  therapy_name: "bimekizumab",
  start_date: "2024-03-01",
  end_date: null,
  switch_reason: "altro",
  switch_data: SWITCH,
};

function visit(n: number, type: string, date: string, fields: Partial<ExportVisit>): ExportVisit {
  return {
    id: 100 + n,
    visit_number: n,
    visit_date: date,
    visit_type: type,
    data_fields: {},
    missing: {},
    calculated_values: { pasi_improvement: 12.5, pasi75_achieved: false, pro_burden_total: 3 },
    therapy_line: lineOne,
    protocol_version: 2,
    is_locked: n === 1,
    created_at: `${date}T10:00:00.000Z`,
    updated_at: `${date}T10:00:00.000Z`,
    ...fields,
  };
}

const first: ExportPatient = {
  id: 1,
  code: "=PSO-1",
  birth_date: "1970-02-28",
  sex: "F",
  height_cm: 170.5,
  weight_kg: null,
  naive_systemic: false,
  naive_biologic: null,
  custom_fields: {
    hospital_record_number: "-123",
    psoriasis_onset: "2015-03",
    psoriasis_phenotypes: ["plaque", "nail"],
    nail_involvement_notes: "@mention | pipe\r\nsecond line",
    smoking_status: "former",
    family_history_psoriasis: true,
    prev_methotrexate: true,
    other_comorbidity_details: "",
    naive_systemic: false,
    biologic_history: [
      {
        drug: "etanercept",
        start_month: "2015-01",
        end_month: "2016-06",
        discontinuation_reason: "secondary_failure",
        notes: 'a, "b"; 1.5',
      },
    ],
  },
  missing: { naive_biologic: "UNK", diabetes: "NASK" },
  medical_group_code: "G1",
  enrolled_on: "2024-01-05",
  visits: [
    visit(1, "baseline", "2024-01-05", {
      data_fields: {
        current_therapy: "adalimumab",
        pasi_score: 12.5,
        bsa_percent: -0.25,
        pga: "3",
        dlqi_score: 0,
        special_sites: ["scalp", "palms_soles"],
        clinical_notes: "'quoted\r\nsecond line; with, separators",
        adverse_event: false,
        ae_onset_date: "2024-01-10",
        sae_report_email: "sae@example.org",
      },
      missing: { itch_nrs: "ASKU" },
    }),
    visit(2, "week_4", "2024-03-01", {
      data_fields: { pasi_score: 3, therapy_switch: { is_continuing_therapy: false, ...SWITCH } },
      therapy_line: lineTwo,
    }),
    visit(3, "week_52", "2024-12-20", {
      data_fields: { pasi_score: 1e-7, therapy_switch: { is_continuing_therapy: true } },
      therapy_line: lineTwo,
    }),
    visit(5, "week_52", "2025-12-20", {
      data_fields: { clinical_notes: "+1 better", pga: "0" },
      missing: { pasi_score: "ND" },
      therapy_line: lineTwo,
    }),
  ],
};
const second: ExportPatient = {
  ...first,
  id: 2,
  code: "PSO 2; x, y",
  sex: "M",
  height_cm: null,
  naive_systemic: true,
  naive_biologic: true,
  custom_fields: {},
  missing: {},
  medical_group_code: null,
  enrolled_on: null,
  visits: [],
};
const third: ExportPatient = {
  ...second,
  id: 3,
  code: "PSO-3",
  visits: [visit(1, "unscheduled", "2023-07-07", { data_fields: { ae_serious: true }, therapy_line: null })],
};
const PATIENTS = [first, second, third];

/** The groups the reader must answer: rows as the layout numbers them. */
function expected(layout: "long" | "wide"): ImportedGroup[] {
  const longRowsOf = [[2, 3, 4, 5], [6], [7]];
  /** The second and third patients: the standard columns only. */
  const plainPatient = (patient: number, code: string) => ({
    rows: layout === "wide" ? [patient + 2] : longRowsOf[patient]!,
    code,
    values: { birth_date: "1970-02-28", sex: "M", naive_systemic: true, naive_biologic: true },
    missing: {},
  });
  const visitsOf = (patient: number, visits: Omit<ImportedVisit, "row">[]): ImportedVisit[] =>
    visits.map((one, index) => ({
      ...one,
      row: layout === "wide" ? patient + 2 : longRowsOf[patient]![index]!,
    }));
  return [
    {
      patient: {
        rows: layout === "wide" ? [2] : longRowsOf[0]!,
        code: "=PSO-1",
        medical_group: "G1",
        values: {
          birth_date: "1970-02-28",
          sex: "F",
          height_cm: 170.5,
          naive_systemic: false,
          hospital_record_number: "-123",
          psoriasis_onset: "2015-03",
          psoriasis_phenotypes: ["plaque", "nail"],
          nail_involvement_notes: "@mention | pipe\r\nsecond line",
          smoking_status: "former",
          family_history_psoriasis: true,
          prev_methotrexate: true,
          biologic_history: first.custom_fields.biologic_history,
        },
        missing: { naive_biologic: "UNK", diabetes: "NASK" },
      },
      visits: visitsOf(0, [
        {
          visit_number: 1,
          visit_date: "2024-01-05",
          visit_type: "baseline",
          data_fields: first.visits[0]!.data_fields,
          missing: { itch_nrs: "ASKU" },
        },
        {
          visit_number: 2,
          visit_date: "2024-03-01",
          visit_type: "week_4",
          data_fields: { pasi_score: 3, therapy_switch: { is_continuing_therapy: false, ...SWITCH } },
          missing: {},
        },
        {
          visit_number: 3,
          visit_date: "2024-12-20",
          visit_type: "week_52",
          data_fields: { pasi_score: 1e-7, therapy_switch: { is_continuing_therapy: true } },
          missing: {},
        },
        {
          visit_number: 5,
          visit_date: "2025-12-20",
          visit_type: "week_52",
          data_fields: { clinical_notes: "+1 better", pga: "0" },
          missing: { pasi_score: "ND" },
        },
      ]),
      issues: [],
    },
    {
      patient: plainPatient(1, "PSO 2; x, y"),
      visits: [],
      issues: [],
    },
    {
      patient: plainPatient(2, "PSO-3"),
      visits: visitsOf(2, [
        {
          visit_number: 1,
          visit_date: "2023-07-07",
          visit_type: "unscheduled",
          data_fields: { ae_serious: true },
          missing: {},
        },
      ]),
      issues: [],
    },
  ];
}

function longFile(patients: readonly ExportPatient[], dialect: CsvDialect): string {
  const columns = longColumns(config, OPTIONS);
  return csvHeader(columns, dialect) + longRows(columns, patients, "codes", dialect).text;
}

function wideFile(patients: readonly ExportPatient[], dialect: CsvDialect): string {
  const counts = new Map<string, number>();
  for (const patient of patients) {
    const own = new Map<string, number>();
    for (const one of patient.visits) own.set(one.visit_type, (own.get(one.visit_type) ?? 0) + 1);
    for (const [type, n] of own) counts.set(type, Math.max(counts.get(type) ?? 0, n));
  }
  const slots = orderSlots(
    config,
    [...counts].map(([visitType, occurrences]) => ({ visitType, occurrences })),
  );
  const columns = wideColumns(config, OPTIONS, slots);
  return csvHeader(columns, dialect) + wideRows(columns, patients, "codes", dialect).text;
}

describe("the export read back", () => {
  it.each([
    ["csv-long", "comma"],
    ["csv-long", "semicolon"],
    ["csv-wide", "comma"],
    ["csv-wide", "semicolon"],
  ] as const)(
    "%s in the %s dialect: every value, missing code and switch answer as written",
    async (format, name) => {
      const dialect = CSV_DIALECTS[name];
      const text = format === "csv-long" ? longFile(PATIENTS, dialect) : wideFile(PATIENTS, dialect);
      const read = await readImport(text, format);
      expect(read.separator).toBe(dialect.separator);
      expect(read.issues).toEqual([]);
      expect(read.groups).toEqual(expected(format === "csv-long" ? "long" : "wide"));
    },
  );

  it("lists the derived columns it accepts and does not import", async () => {
    const read = await readImport(longFile(PATIENTS, CSV_DIALECTS.comma), "csv-long");
    expect(read.ignored).toEqual([
      "patient_id",
      "enrolled_on",
      "visit_id",
      "protocol_version",
      "locked",
      "pasi_improvement",
      "pasi75_achieved",
      "pro_burden_total",
      "pasi_percent_of_max",
      "therapy_line",
      "therapy_name",
      "therapy_line_start",
      "therapy_line_end",
      "switch_reason",
    ]);
    const wide = await readImport(wideFile(PATIENTS, CSV_DIALECTS.comma), "csv-wide");
    expect(wide.ignored).toContain("week_52_2__visit_id");
    expect(wide.ignored).toContain("baseline__therapy_line_end");
  });

  it("reads the same whatever the chunks the bytes arrive in (cut inside quotes, CRLF and multi-byte characters)", async () => {
    const text = longFile(PATIENTS, CSV_DIALECTS.semicolon).replace("second line", "second line è 😀");
    const whole = await readImport(text, "csv-long", { chunk: 1 << 20 });
    for (const chunk of [1, 2, 3, 5, 7, 64])
      expect(await readImport(text, "csv-long", { chunk })).toEqual(whole);
  });

  it("undoes the formula guard exactly once", async () => {
    const text = "patient_code,birth_date,sex,hospital_record_number\r\n'=P1,2000-01-01,M,'''twice\r\n";
    const read = await readImport(text, "csv-long");
    expect(read.groups[0]!.patient.code).toBe("=P1");
    expect(read.groups[0]!.patient.values.hospital_record_number).toBe("''twice");
  });
});

describe("a multi-megabyte export streamed back", () => {
  it("answers every generated patient's values and visits, in 64 KB chunks", async () => {
    const patients = Array.from({ length: 600 }, (_, index) =>
      generatePatient(index + 1, { visitsPerPatient: 10 }),
    );
    const text = longFile(patients, CSV_DIALECTS.comma);
    expect(text.length).toBeGreaterThan(2_000_000);
    const read = await readImport(text, "csv-long", { chunk: 65_536 });
    expect(read.issues).toEqual([]);
    expect(read.groups).toHaveLength(patients.length);
    const present = (record: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(record).filter(([, value]) => !isEmptyValue(value)));
    read.groups.forEach((group, index) => {
      const patient = patients[index]!;
      const { naive_systemic: _mirrored, ...custom } = patient.custom_fields;
      expect(group.patient.code).toBe(patient.code);
      expect(group.patient.values).toEqual(
        present({
          birth_date: patient.birth_date,
          sex: patient.sex,
          height_cm: patient.height_cm,
          weight_kg: patient.weight_kg,
          naive_systemic: patient.naive_systemic,
          naive_biologic: patient.naive_biologic,
          ...custom,
        }),
      );
      expect(
        group.visits.map((one) => [one.visit_number, one.visit_type, one.visit_date, one.data_fields]),
      ).toEqual(
        patient.visits.map((one) => [
          one.visit_number,
          one.visit_type,
          one.visit_date,
          present(one.data_fields),
        ]),
      );
    });
  });
});
