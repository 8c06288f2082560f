/**
 * The R and Python loaders of the export zip (decision 0016). The Python loader is run for real on a CSV
 * written by the export's own row writers (`csvHeader` + `longRows` / `wideRows`), and the test
 * asserts the dtypes and values it produced; the R loader is run with Rscript the same way. Both
 * are required: without Debian's python3-pandas and r-base-core (.ci/run installs them) these
 * tests fail with a message naming the package to install.
 */
import { configIn } from "@/lib/i18n/study-config-language";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { CSV_DIALECTS } from "@/lib/csv/csv-cells";
import { pythonLoader, pythonString, rLoader, rString } from "@/lib/exports/analysis-scripts";
import type { ValueMode } from "@/lib/exports/cell-values";
import { longColumns, wideColumns, type ExportColumn } from "@/lib/exports/columns";
import { csvHeader, longRows, wideRows } from "@/lib/exports/csv-rows";
import type { ExportPatient, ExportVisit } from "@/lib/exports/export-records";
import { StudyConfigShape, type DataField, type StudyConfig } from "@/lib/schemas/study-config";

const PANDAS_MISSING =
  "analysis loaders: Python with pandas not found: install Debian's python3-pandas (apt-get install -y python3-pandas)";
const R_MISSING =
  "analysis loaders: Rscript not found: install Debian's r-base-core (apt-get install -y --no-install-recommends r-base-core)";

/** The interpreter a loader test runs, or a failure saying how to get it. */
function required(tool: string | null, missing: string): string {
  if (!tool) throw new Error(missing);
  return tool;
}

function findPython(): string | null {
  for (const candidate of ["/usr/bin/python3", "python3"]) {
    const probe = spawnSync(candidate, ["-c", "import pandas"], { stdio: "ignore", timeout: 60_000 });
    if (probe.status === 0) return candidate;
  }
  return null;
}

function findRscript(): string | null {
  const probe = spawnSync("Rscript", ["--version"], { stdio: "ignore", timeout: 30_000 });
  return probe.status === 0 ? "Rscript" : null;
}

const PYTHON = findPython();
const RSCRIPT = findRscript();

const demoConfig = configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");

// ---------------------------------------------------------------------------------------------
// Records: every cell rule once (missing values, multiselect, array, date, month, boolean, select,
// text starting with = and ', text with a comma, a quote and a newline, unicode)
// ---------------------------------------------------------------------------------------------

/** Clinical text leaves exactly as stored: LF, CR and CRLF inside one cell. */
const NOTES = 'Pitting, "oil drop" sign\nsecond line\rthird line\r\nfourth line';
const UNICODE = "Müller – 日本語 😀";

function visit(overrides: Partial<ExportVisit>): ExportVisit {
  return {
    id: 1,
    visit_number: 1,
    visit_date: "2024-01-15",
    visit_type: "baseline",
    data_fields: {},
    missing: {},
    calculated_values: {},
    therapy_line: null,
    protocol_version: null,
    is_locked: false,
    created_at: "2024-01-15T10:00:00.000Z",
    updated_at: "2024-01-15T10:00:00.000Z",
    ...overrides,
  };
}

const PATIENTS: ExportPatient[] = [
  {
    id: 1,
    code: "=PT-001",
    birth_date: "1970-05-17",
    sex: "F",
    height_cm: 165.5,
    weight_kg: null,
    naive_systemic: true,
    naive_biologic: false,
    medical_group_code: null,
    enrolled_on: "2024-01-15",
    missing: {},
    custom_fields: {
      hospital_record_number: "'MI-004512",
      psoriasis_onset: "2019-03",
      psoriasis_phenotypes: ["plaque", "nail"],
      nail_involvement_notes: NOTES,
      smoking_status: "former",
      family_history_psoriasis: true,
      diabetes: false,
      other_comorbidity_details: UNICODE,
      biologic_history: [{ drug: "adalimumab", start_month: "2020-01", end_month: null, notes: "a, b" }],
    },
    visits: [
      visit({
        id: 11,
        protocol_version: 1,
        data_fields: {
          current_therapy: "adalimumab",
          pasi_score: 12.4,
          pga: "3",
          special_sites: ["scalp", "nails"],
          clinical_notes: "-5 points since screening",
          adverse_event: false,
        },
        calculated_values: { pro_burden_total: 14, pasi_percent_of_max: 17.2 },
        therapy_line: {
          line_number: 1,
          therapy_name: "Adalimumab",
          start_date: "2024-01-15",
          end_date: null,
          switch_reason: null,
          switch_data: null,
        },
      }),
      visit({
        id: 12,
        visit_number: 2,
        visit_date: "2024-04-08",
        visit_type: "week_12",
        is_locked: true,
        data_fields: {
          current_therapy: "secukinumab",
          pasi_score: 2.1,
          pga: "1",
          adverse_event: true,
          ae_onset_date: "2024-03-02",
          ae_serious: false,
          therapy_switch: { is_continuing_therapy: false },
        },
        calculated_values: { pasi_improvement: 83.06, pasi75_achieved: true, pasi_percent_of_max: "=high" },
        therapy_line: {
          line_number: 2,
          therapy_name: "Secukinumab",
          start_date: "2024-03-01",
          end_date: null,
          switch_reason: "Inefficacia",
          switch_data: {
            switch_reason: "inefficacia",
            new_therapy: "secukinumab",
            switch_date: "2024-03-01",
          },
        },
      }),
    ],
  },
  {
    id: 2,
    code: "PT-002",
    birth_date: "1985-11-30",
    sex: "M",
    height_cm: null,
    weight_kg: 80,
    naive_systemic: false,
    // Unanswered, and a field answered with a missing-data code: empty cells, the code in
    // `smoking_status__missing` (decision 0023).
    naive_biologic: null,
    medical_group_code: null,
    enrolled_on: "2024-02-01",
    custom_fields: {},
    missing: { smoking_status: "UNK" },
    visits: [],
  },
];

const SCRIPT = { studyName: "Psoriasis Registry", generatedAt: "2026-11-25T15:00:00.000Z" };

function longCsv(columns: readonly ExportColumn[], patients: readonly ExportPatient[], mode: ValueMode) {
  return csvHeader(columns) + longRows(columns, patients, mode).text;
}

// ---------------------------------------------------------------------------------------------
// Running Python
// ---------------------------------------------------------------------------------------------

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function exportDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "analysis-loader-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text, "utf8");
  return dir;
}

/** Imports the generated module, loads the export and prints dtypes, values and warnings as JSON. */
const INSPECT = String.raw`
import json, sys, warnings
import numpy as np
import pandas as pd
sys.path.insert(0, ".")
import load_data

def plain(v):
    if isinstance(v, (list, tuple, np.ndarray)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    if v is None or v is pd.NA or v is pd.NaT or (isinstance(v, float) and v != v):
        return None
    if isinstance(v, pd.Timestamp):
        return "Timestamp " + v.strftime("%Y-%m-%d")
    if isinstance(v, pd.Period):
        return "Period " + str(v)
    if isinstance(v, np.bool_):
        return bool(v)
    if isinstance(v, np.integer):
        return int(v)
    if isinstance(v, np.floating):
        return float(v)
    return v

result = {"pandas": pd.__version__}
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        frame = load_data.load(strict=sys.argv[1] == "strict")
        if len(sys.argv) > 2 and sys.argv[2] == "with_labels":
            frame = load_data.with_labels(frame)
        result["dtypes"] = {name: str(dtype) for name, dtype in frame.dtypes.items()}
        result["columns"] = list(frame.columns)
        result["values"] = {name: plain(frame[name].tolist()) for name in frame.columns}
        result["categories"] = {
            name: plain(list(frame[name].cat.categories))
            for name in frame.columns if str(frame[name].dtype) == "category"
        }
        result["labels"] = frame.attrs.get("labels")
    except ValueError as error:
        result["error"] = str(error)
# The loader's own warnings (UserWarning), not a pandas version's deprecation notices.
result["warnings"] = [str(w.message) for w in caught if issubclass(w.category, UserWarning)]
print(json.dumps(result))
`;

type Inspection = {
  pandas: string;
  dtypes: Record<string, string>;
  columns: string[];
  values: Record<string, unknown[]>;
  categories: Record<string, unknown[]>;
  labels: Record<string, string>;
  warnings: string[];
  error?: string;
};

function runLoader(dir: string, ...args: string[]): Inspection {
  const run = spawnSync(
    required(PYTHON, PANDAS_MISSING),
    ["-c", INSPECT, ...(args.length > 0 ? args : ["strict"])],
    {
      cwd: dir,
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  if (run.status !== 0) throw new Error(`python failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as Inspection;
}

function loadExport(columns: readonly ExportColumn[], csv: string, mode: ValueMode, ...args: string[]) {
  const dir = exportDir({
    "export.csv": csv,
    "load_data.py": pythonLoader(columns, { ...SCRIPT, csvFile: "export.csv", valueMode: mode }),
  });
  return { dir, result: runLoader(dir, ...args) };
}

const TEXT_DTYPE = /^(object|str|string)$/; // pandas 3 reads dtype=str columns as "str"
const DATE_DTYPE = /^datetime64\[(ns|us|ms|s)\]$/;

// ---------------------------------------------------------------------------------------------
// A configuration built to break naive code generation
// ---------------------------------------------------------------------------------------------

const INJECTION_LABEL = 'x"; import os #';
const EVIL_FIELDS: DataField[] = [
  { entity: "patient", name: 'evil"\nname', label: INJECTION_LABEL, type: "text" },
  { entity: "patient", name: "=formula_name", label: 'back\\slash \\" \'\'\' """ `r` \\n', type: "number" },
  { entity: "patient", name: "größe_µ", label: "Größe\r\n(µ) \u2028 line sep", type: "date" },
  {
    entity: "patient",
    name: "quoted_codes",
    label: "x');system('id');#",
    type: "select",
    options: [
      { value: 'a"b', label: 'Lab|el\nwith "quotes" \\' },
      { value: "c\\d", label: "日本" },
    ],
  },
];

function evilConfig(): StudyConfig {
  return { ...demoConfig, data_fields: [...demoConfig.data_fields, ...EVIL_FIELDS] };
}

const EVIL_PATIENT: ExportPatient = {
  ...PATIENTS[1]!,
  id: 3,
  code: "PT-003",
  custom_fields: {
    'evil"\nname': "right column",
    "=formula_name": -7.25,
    größe_µ: "2001-02-03",
    quoted_codes: 'a"b',
  },
};

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe("string literal escapers", () => {
  const nasty = [
    'x"; import os #',
    "a\\b",
    "line\nbreak\r\n",
    "tab\there",
    "nul\u0000",
    "ü日😀",
    "\ud800lone",
  ];

  it("write pure ASCII, one line, with no unescaped quote", () => {
    for (const text of nasty)
      for (const literal of [pythonString(text), rString(text)]) {
        expect(literal).toMatch(/^"(?:[^"\\\n\r\u0000-\u001f\u007f-\uffff]|\\.)*"$/);
      }
    expect(pythonString('x"; import os #')).toBe('"x\\"; import os #"');
    expect(rString('x"; import os #')).toBe('"x\\"; import os #"');
    expect(pythonString("ü日😀")).toBe('"\\xfc\\u65e5\\U0001f600"');
    expect(rString("ü日😀")).toBe('"\\u{00fc}\\u{65e5}\\U{0001f600}"');
    // R strings cannot hold NUL; the R loader reads the CSV with skipNul = TRUE.
    expect(rString("nul\u0000")).toBe('"nul"');
    // A lone surrogate is U+FFFD in the UTF-8 CSV, so in the literal too.
    expect(pythonString("\ud800lone")).toBe('"\\ufffdlone"');
  });

  it("Python reads every pythonString literal back as the original text", () => {
    const samples = [...nasty, ...fc.sample(fc.string({ unit: "binary", maxLength: 40 }), 300)];
    const program = `import json\nprint(json.dumps([${samples.map(pythonString).join(",\n")}]))\n`;
    const dir = exportDir({ "literals.py": program });
    const run = spawnSync(required(PYTHON, PANDAS_MISSING), ["literals.py"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    const wellFormed = (text: string) =>
      Array.from(text, (char) => (/^[\ud800-\udfff]$/.test(char) ? "\ufffd" : char)).join("");
    expect(JSON.parse(run.stdout)).toEqual(samples.map(wellFormed));
  });
});

describe("generated scripts", () => {
  const columns = longColumns(evilConfig(), { deidentify: false });
  const params = {
    ...SCRIPT,
    studyName: 'Evil "study"\nimport os',
    csvFile: "export.csv",
    valueMode: "codes" as const,
  };

  it("are pure ASCII and never carry a name, label or study name unescaped", () => {
    for (const script of [pythonLoader(columns, params), rLoader(columns, params)]) {
      expect(script).toMatch(/^[\x20-\x7e\n]*$/);
      expect(script).not.toContain(INJECTION_LABEL);
      expect(script).not.toContain("\nimport os");
      expect(script).not.toContain("system('id')\"");
    }
    expect(pythonLoader(columns, params)).toContain(`"label": ${pythonString(INJECTION_LABEL)}`);
    expect(rLoader(columns, params)).toContain(`label = ${rString(INJECTION_LABEL)}`);
  });

  it("R: base R read as text, then one conversion per column type", () => {
    const script = rLoader(longColumns(demoConfig, { deidentify: false }), {
      ...SCRIPT,
      csvFile: "export.csv",
      valueMode: "codes",
    });
    expect(script).toContain('utils::read.csv(text = read$text, colClasses = "character", na.strings = "",');
    expect(script).not.toMatch(/library\(|require\(readr|readr::/);
    expect(script).toContain('requireNamespace("jsonlite", quietly = TRUE)');
    expect(script).toContain("jsonlite::fromJSON(cell, simplifyVector = FALSE)");
    expect(script).toContain("if (!.has_jsonlite) return(.unguard(x))");
    for (const conversion of [
      "as.integer(v[whole])",
      "suppressWarnings(as.numeric(x))",
      'as.Date(x, format = "%Y-%m-%d")',
      'as.Date(paste0(x, "-01"), format = "%Y-%m-%d")',
      "factor(x, levels = levels, labels = labels)",
      'strsplit(x, "|", fixed = TRUE)',
      'startsWith(x, "\'")',
    ])
      expect(script).toContain(conversion);
    expect(script).toContain(
      'list(name = "sex", type = "category", label = "Sex", codes = c("M", "F"), labels = c("Male", "Female"))',
    );
    expect(script).toContain('list(name = "pga", type = "category", label = "PGA"');
    expect(script).toContain('codes = c("0", "1", "2", "3", "4")');
    expect(script).toContain('list(name = "psoriasis_onset", type = "month"');
    expect(script).toContain('list(name = "biologic_history", type = "json"');
    expect(script).toContain('VALUE_MODE <- "codes"');
  });

  it("R: runs with Rscript and reads every column with its type", () => {
    const rscript = required(RSCRIPT, R_MISSING);
    const columns = longColumns(evilConfig(), { deidentify: false });
    const dir = exportDir({
      "export.csv": longCsv(columns, [...PATIENTS, EVIL_PATIENT], "codes"),
      "load_data.R": rLoader(columns, { ...SCRIPT, csvFile: "export.csv", valueMode: "codes" }),
    });
    const program = [
      'source("load_data.R")',
      "df <- load_export()",
      'cat(paste(names(df), vapply(df, function(x) class(x)[1L], ""), sep = "="), sep = "\\n")',
      'cat("CODE=", df[["patient_code"]][1L], "\\n", sep = "")',
      'cat("HRN=", df[["hospital_record_number"]][1L], "\\n", sep = "")',
      // The value column, not its `__missing` neighbour (decision 0023).
      'cat("EVIL=", df[[which(startsWith(names(df), "evil") & !endsWith(names(df), "__missing"))]][4L], "\\n", sep = "")',
      'cat("FORMULA=", df[["=formula_name"]][4L], "\\n", sep = "")',
      'cat("NOTES=", paste(charToRaw(df[["nail_involvement_notes"]][1L]), collapse = ""), "\\n", sep = "")',
    ].join("\n");
    const run = spawnSync(rscript, ["-e", program], { cwd: dir, encoding: "utf8", timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    for (const expected of [
      "patient_id=integer",
      "height_cm=numeric",
      "birth_date=Date",
      "psoriasis_onset=Date",
      "naive_systemic=logical",
      "sex=factor",
      "psoriasis_phenotypes=list",
      "hospital_record_number=character",
      "CODE==PT-001",
      "HRN='MI-004512",
      "EVIL=right column",
      "FORMULA=-7.25",
      `NOTES=${Buffer.from(NOTES, "utf8").toString("hex")}`,
    ])
      expect(lines).toContain(expected);
  });
});

describe("the Python loader, run with pandas", () => {
  it("long layout, codes: typed columns and the exact values", () => {
    const columns = longColumns(demoConfig, { deidentify: false });
    const { result } = loadExport(columns, longCsv(columns, PATIENTS, "codes"), "codes");
    console.info(`analysis loaders: pandas ${result.pandas}, dtypes ${JSON.stringify(result.dtypes)}`);
    expect(result.error).toBeUndefined();
    expect(result.columns).toEqual(columns.map((column) => column.name));
    const { dtypes, values, categories } = result;
    expect(dtypes).toMatchObject({
      patient_id: "Int64",
      visit_number: "Int64",
      protocol_version: "Int64",
      height_cm: "float64",
      pasi_score: "float64",
      naive_systemic: "boolean",
      locked: "boolean",
      pasi75_achieved: "boolean",
      psoriasis_onset: "period[M]",
      sex: "category",
      pga: "category",
      visit_type: "category",
      smoking_status: "category",
      switch_new_therapy: "category",
      psoriasis_phenotypes: "object",
      special_sites: "object",
      biologic_history: "object",
      pasi_percent_of_max: "object",
    });
    for (const name of ["birth_date", "enrolled_on", "visit_date", "ae_onset_date", "switch_switch_date"])
      expect(dtypes[name]).toMatch(DATE_DTYPE);
    for (const name of ["patient_code", "medical_group", "hospital_record_number", "nail_involvement_notes"])
      expect(dtypes[name]).toMatch(TEXT_DTYPE);

    // Rows: patient 1 baseline, patient 1 week 12, patient 2 (no visits: one row).
    expect(values.patient_id).toEqual([1, 1, 2]);
    expect(values.visit_id).toEqual([11, 12, null]);
    expect(values.protocol_version).toEqual([1, null, null]);
    expect(values.patient_code).toEqual(["=PT-001", "=PT-001", "PT-002"]);
    expect(values.hospital_record_number).toEqual(["'MI-004512", "'MI-004512", null]);
    expect(values.clinical_notes).toEqual(["-5 points since screening", null, null]);
    expect(values.nail_involvement_notes).toEqual([NOTES, NOTES, null]);
    expect(values.other_comorbidity_details).toEqual([UNICODE, UNICODE, null]);
    expect(values.medical_group).toEqual([null, null, null]);
    expect(values.birth_date).toEqual([
      "Timestamp 1970-05-17",
      "Timestamp 1970-05-17",
      "Timestamp 1985-11-30",
    ]);
    expect(values.ae_onset_date).toEqual([null, "Timestamp 2024-03-02", null]);
    expect(values.psoriasis_onset).toEqual(["Period 2019-03", "Period 2019-03", null]);
    expect(values.height_cm).toEqual([165.5, 165.5, null]);
    expect(values.naive_systemic).toEqual([true, true, false]);
    // Unanswered is a missing value, never "no"; a code is beside the value, never in it (decision 0023).
    expect(values.naive_biologic).toEqual([false, false, null]);
    expect(values.smoking_status).toEqual(["former", "former", null]);
    expect(values.smoking_status__missing).toEqual([null, null, "UNK"]);
    expect(values.diabetes).toEqual([false, false, null]);
    expect(values.pasi75_achieved).toEqual([null, true, null]);
    expect(values.locked).toEqual([false, true, null]);
    expect(values.sex).toEqual(["F", "F", "M"]);
    expect(categories.sex).toEqual(["M", "F"]);
    expect(values.pga).toEqual(["3", "1", null]);
    expect(categories.pga).toEqual(["0", "1", "2", "3", "4"]);
    expect(categories.visit_type).toEqual([
      "baseline",
      "week_4",
      "week_12",
      "week_24",
      "week_52",
      "unscheduled",
    ]);
    expect(values.psoriasis_phenotypes).toEqual([["plaque", "nail"], ["plaque", "nail"], null]);
    expect(values.special_sites).toEqual([["scalp", "nails"], null, null]);
    expect(values.biologic_history).toEqual([
      [{ drug: "adalimumab", start_month: "2020-01", end_month: null, notes: "a, b" }],
      [{ drug: "adalimumab", start_month: "2020-01", end_month: null, notes: "a, b" }],
      null,
    ]);
    // A JSON column: a number is parsed; a text answer (guarded "=high") comes back as its text.
    expect(values.pasi_percent_of_max).toEqual([17.2, "=high", null]);
    expect(values.continuing_therapy).toEqual([null, false, null]);
    expect(values.switch_switch_reason).toEqual([null, "inefficacia", null]);
    expect(result.labels.pasi75_achieved).toBe("PASI 75 achieved (calculated)");
    expect(result.warnings).toEqual([]);
  });

  it("long layout, labels: categories are the labels, booleans read from Yes/No", () => {
    const columns = longColumns(demoConfig, { deidentify: false });
    const { result } = loadExport(columns, longCsv(columns, PATIENTS, "labels"), "labels");
    expect(result.error).toBeUndefined();
    expect(result.dtypes).toMatchObject({ sex: "category", naive_systemic: "boolean", pga: "category" });
    expect(result.values.sex).toEqual(["Female", "Female", "Male"]);
    expect(result.categories.sex).toEqual(["Male", "Female"]);
    expect(result.categories.pga).toEqual([
      "0 - Clear",
      "1 - Almost clear",
      "2 - Mild",
      "3 - Moderate",
      "4 - Severe",
    ]);
    expect(result.values.pga).toEqual(["3 - Moderate", "1 - Almost clear", null]);
    expect(result.values.naive_systemic).toEqual([true, true, false]);
    expect(result.values.psoriasis_phenotypes).toEqual([["Plaque", "Nail"], ["Plaque", "Nail"], null]);
    expect(result.values.current_therapy).toEqual(["Adalimumab", "Secukinumab", null]);
  });

  it("codes: with_labels() swaps codes for labels, keeping the option order", () => {
    const columns = longColumns(demoConfig, { deidentify: false });
    const dir = exportDir({
      "export.csv": longCsv(columns, PATIENTS, "codes"),
      "load_data.py": pythonLoader(columns, { ...SCRIPT, csvFile: "export.csv", valueMode: "codes" }),
    });
    const result = runLoader(dir, "strict", "with_labels");
    expect(result.values.sex).toEqual(["Female", "Female", "Male"]);
    expect(result.categories.sex).toEqual(["Male", "Female"]);
    expect(result.values.special_sites).toEqual([["Scalp", "Nails"], null, null]);
  });

  it("wide layout: one row per patient, each visit slot's columns typed", () => {
    const slots = [
      { visitType: "baseline", occurrences: 1 },
      { visitType: "week_12", occurrences: 1 },
    ];
    const columns = wideColumns(demoConfig, { deidentify: false }, slots);
    const csv = csvHeader(columns) + wideRows(columns, PATIENTS, "codes").text;
    const { result } = loadExport(columns, csv, "codes");
    expect(result.error).toBeUndefined();
    expect(result.dtypes).toMatchObject({
      baseline__visit_number: "Int64",
      baseline__pasi_score: "float64",
      week_12__pga: "category",
      week_12__locked: "boolean",
      baseline__special_sites: "object",
    });
    expect(result.dtypes.week_12__visit_date).toMatch(DATE_DTYPE);
    expect(result.values.patient_code).toEqual(["=PT-001", "PT-002"]);
    expect(result.values.baseline__pasi_score).toEqual([12.4, null]);
    expect(result.values.week_12__visit_date).toEqual(["Timestamp 2024-04-08", null]);
    expect(result.values.week_12__pga).toEqual(["1", null]);
    expect(result.values.baseline__special_sites).toEqual([["scalp", "nails"], null]);
  });

  it("names and labels with quotes, backslashes, line breaks and non-ASCII neither break nor inject", () => {
    const columns = longColumns(evilConfig(), { deidentify: false });
    const { dir, result } = loadExport(
      columns,
      longCsv(columns, [...PATIENTS, EVIL_PATIENT], "codes"),
      "codes",
    );
    expect(result.error).toBeUndefined();
    expect(result.columns).toEqual(columns.map((column) => column.name));
    expect(result.values['evil"\nname']).toEqual([null, null, null, "right column"]);
    expect(result.dtypes["=formula_name"]).toBe("float64");
    expect(result.values["=formula_name"]).toEqual([null, null, null, -7.25]);
    expect(result.dtypes["größe_µ"]).toMatch(DATE_DTYPE);
    expect(result.values["größe_µ"]).toEqual([null, null, null, "Timestamp 2001-02-03"]);
    expect(result.categories.quoted_codes).toEqual(['a"b', "c\\d"]);
    expect(result.values.quoted_codes).toEqual([null, null, null, 'a"b']);
    expect(result.labels['evil"\nname']).toBe(INJECTION_LABEL);
    expect(result.labels["größe_µ"]).toBe(EVIL_FIELDS[2]!.label);

    // Run as a script: it prints its summary (and nothing was injected into it).
    const run = spawnSync(required(PYTHON, PANDAS_MISSING), ["load_data.py"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Psoriasis Registry: 4 rows");
    expect(run.stdout).toMatch(/=formula_name\s+float64/);
  });

  it("a cell that does not read as its type is an error, or with strict=False a missing value and a warning", () => {
    const columns = longColumns(demoConfig, { deidentify: false });
    const csv = longCsv(columns, PATIENTS, "codes").replace("\r\n1,", "\r\nabc,");
    expect(csv).toContain("\r\nabc,");
    const strict = loadExport(columns, csv, "codes").result;
    expect(strict.error).toContain("patient_id (integer): 1 cell(s) not read, e.g. ['abc']");
    const lenient = loadExport(columns, csv, "codes", "lenient").result;
    expect(lenient.values.patient_id).toEqual([null, 1, 2]);
    expect(lenient.warnings.join("\n")).toContain("patient_id (integer)");
  });

  it("a code no longer among the options is kept as an extra category, with a warning", () => {
    const columns = longColumns(demoConfig, { deidentify: false });
    const retired: ExportPatient = { ...PATIENTS[1]!, custom_fields: { smoking_status: "occasional" } };
    const { result } = loadExport(columns, longCsv(columns, [retired], "codes"), "codes");
    expect(result.values.smoking_status).toEqual(["occasional"]);
    expect(result.categories.smoking_status).toEqual(["never", "former", "current", "occasional"]);
    expect(result.warnings.join("\n")).toContain("smoking_status: values not among the column's options");
  });

  it("an export with no rows loads as an empty frame with the typed columns", () => {
    const columns = longColumns(demoConfig, { deidentify: true });
    const { result } = loadExport(columns, csvHeader(columns), "codes");
    expect(result.error).toBeUndefined();
    expect(result.columns).toEqual(columns.map((column) => column.name));
    expect(result.dtypes).toMatchObject({ visit_number: "Int64", sex: "category", locked: "boolean" });
  });
});

// ---------------------------------------------------------------------------------------------
// The semicolon format (Excel where the decimal mark is a comma: docs/decisions/0021)
// ---------------------------------------------------------------------------------------------

describe("the loaders read the semicolon format (`;`, decimal commas, BOM) as they read `,`", () => {
  const SEMICOLON = CSV_DIALECTS.semicolon;
  const columns = longColumns(evilConfig(), { deidentify: false });
  /** A text cell holding `;` and `,`, and a decimal number in every numeric column type. */
  const patients: ExportPatient[] = [
    ...PATIENTS,
    {
      ...EVIL_PATIENT,
      custom_fields: {
        ...EVIL_PATIENT.custom_fields,
        other_comorbidity_details: "diabete; ipertensione, lieve",
      },
    },
  ];
  const semicolonCsv = csvHeader(columns, SEMICOLON) + longRows(columns, patients, "codes", SEMICOLON).text;
  const commaCsv = longCsv(columns, patients, "codes");

  it("writes what Excel in Italian reads", () => {
    expect(semicolonCsv.startsWith("\uFEFFpatient_id;")).toBe(true);
    expect(semicolonCsv).toContain(";165,5;");
    expect(semicolonCsv).toContain(";-7,25;");
    expect(semicolonCsv).toContain(';"diabete; ipertensione, lieve";');
    expect(semicolonCsv).not.toBe(commaCsv);
  });

  it("pandas: the same columns, types and values as the comma file", () => {
    const script = (csvFormat: "comma" | "semicolon") =>
      pythonLoader(columns, { ...SCRIPT, csvFile: "export.csv", valueMode: "codes", csvFormat });
    const semicolon = runLoader(
      exportDir({ "export.csv": semicolonCsv, "load_data.py": script("semicolon") }),
    );
    const comma = runLoader(exportDir({ "export.csv": commaCsv, "load_data.py": script("comma") }));
    expect(semicolon.error).toBeUndefined();
    expect(semicolon.warnings).toEqual([]);
    expect(semicolon.columns).toEqual(columns.map((column) => column.name));
    expect(semicolon.dtypes).toEqual(comma.dtypes);
    expect(semicolon.values).toEqual(comma.values);
    expect(semicolon.values.height_cm).toEqual([165.5, 165.5, null, null]);
    expect(semicolon.values.pasi_score).toEqual([12.4, 2.1, null, null]);
    expect(semicolon.values["=formula_name"]).toEqual([null, null, null, -7.25]);
    // A JSON column's number comes back a number; its text answer stays text.
    expect(semicolon.values.pasi_percent_of_max).toEqual([17.2, "=high", null, null]);
    expect(semicolon.values.other_comorbidity_details).toEqual([
      UNICODE,
      UNICODE,
      null,
      "diabete; ipertensione, lieve",
    ]);
    expect(semicolon.values.nail_involvement_notes).toEqual([NOTES, NOTES, null, null]);
    // A code that looks like a number is never touched.
    expect(semicolon.values.pga).toEqual(["3", "1", null, null]);
  });

  it("R: the same numbers, text and dates", () => {
    const rscript = required(RSCRIPT, R_MISSING);
    const dir = exportDir({
      "export.csv": semicolonCsv,
      "load_data.R": rLoader(columns, {
        ...SCRIPT,
        csvFile: "export.csv",
        valueMode: "codes",
        csvFormat: "semicolon",
      }),
    });
    const program = [
      'source("load_data.R")',
      "df <- load_export()",
      'cat(paste(names(df), vapply(df, function(x) class(x)[1L], ""), sep = "="), sep = "\\n")',
      'cat("HEIGHT=", df[["height_cm"]][1L], "\\n", sep = "")',
      'cat("PASI=", df[["pasi_score"]][2L], "\\n", sep = "")',
      'cat("FORMULA=", df[["=formula_name"]][4L], "\\n", sep = "")',
      'cat("OTHER=", df[["other_comorbidity_details"]][4L], "\\n", sep = "")',
      'cat("PGA=", as.character(df[["pga"]][1L]), "\\n", sep = "")',
      'cat("VISIT=", format(df[["visit_date"]][2L]), "\\n", sep = "")',
      'cat("NOTES=", paste(charToRaw(df[["nail_involvement_notes"]][1L]), collapse = ""), "\\n", sep = "")',
    ].join("\n");
    const run = spawnSync(rscript, ["-e", program], { cwd: dir, encoding: "utf8", timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    for (const expected of [
      "patient_id=integer",
      "height_cm=numeric",
      "=formula_name=numeric",
      "visit_date=Date",
      "HEIGHT=165.5",
      "PASI=2.1",
      "FORMULA=-7.25",
      "OTHER=diabete; ipertensione, lieve",
      "PGA=3 - Moderate",
      "VISIT=2024-04-08",
      `NOTES=${Buffer.from(NOTES, "utf8").toString("hex")}`,
    ])
      expect(lines).toContain(expected);
  });
});
