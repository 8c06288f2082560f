import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import {
  DICTIONARY_COLUMNS,
  dictionaryCsv,
  parseDictionaryCsv,
  planDictionaryImport,
} from "@/lib/dictionary";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import { inEnglish } from "@/tests/support/words-in";

/** Issues with their messages in English words (the plan gives catalogue references, decision 0021). */
const english = <T extends { message: string }>(issues: T[]) =>
  issues.map((i) => ({ ...i, message: inEnglish(i.message) }));

const demo = StudyConfigSchema.parse(DEMO_STUDY_CONFIG);
const empty = StudyConfigSchema.parse({ version: 1 });
const HEADER = DICTIONARY_COLUMNS.join(",");

/** A CSV of the header and rows given as { column: text } (other cells blank). */
function csvOf(...rows: Partial<Record<(typeof DICTIONARY_COLUMNS)[number], string>>[]) {
  const line = (row: Record<string, string>) =>
    DICTIONARY_COLUMNS.map((c) => {
      const text = row[c] ?? "";
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    }).join(",");
  return [HEADER, ...rows.map(line)].join("\r\n") + "\r\n";
}

function plan(config: typeof demo, text: string) {
  const parsed = parseDictionaryCsv(text, "en");
  expect(parsed.issues).toEqual([]);
  return planDictionaryImport(config, parsed.rows, "en");
}

describe("data dictionary export", () => {
  it("writes the documented header, one row per field and per calculation, CRLF, with a BOM", () => {
    const text = dictionaryCsv(demo, "en");
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    const parsed = parseDictionaryCsv(text, "en");
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows).toHaveLength(demo.data_fields.length + demo.calculations.length);
    const pasi75 = parsed.rows.find((r) => r.variable_name === "pasi75_achieved")!;
    expect(pasi75).toMatchObject({
      field_type: "calc",
      calculation: "threshold(pasi_improvement >= 75)",
      entity: "",
    });
    const nails = parsed.rows.find((r) => r.variable_name === "nail_involvement_notes")!;
    expect(nails).toMatchObject({
      entity: "patient",
      form_name: "demographic",
      field_type: "textarea",
      branching_logic: "[psoriasis_phenotypes] contains 'nail'",
      max_length: "500",
      required: "n",
    });
    const hospital = demo.data_fields.find((f) => f.identifier);
    expect(hospital).toBeDefined();
    expect(parsed.rows.find((r) => r.variable_name === hospital!.name)!.identifier).toBe("y");
  });
});

describe("data dictionary import plan", () => {
  it("round trip: the demo's dictionary imported into an empty config gives the same fields and calculations", () => {
    const result = plan(empty, dictionaryCsv(demo, "en"));
    expect(result.issues).toEqual([]);
    expect(result.config!.data_fields).toEqual(demo.data_fields);
    expect(JSON.stringify(result.config!.data_fields.map((f) => f.name))).toBe(
      JSON.stringify(demo.data_fields.map((f) => f.name)),
    );
    expect(result.config!.calculations).toEqual(demo.calculations);
    // Categories the fields name are created with their code as label.
    const codes = new Set(demo.data_fields.flatMap((f) => (f.category ? [`${f.entity}:${f.category}`] : [])));
    expect(result.config!.categories.map((c) => `${c.entity}:${c.code}`).sort()).toEqual([...codes].sort());
    expect(result.config!.categories.every((c) => c.label === c.code)).toBe(true);
    expect(result.changes.filter((c) => c.status !== "created")).toEqual([]);
  });

  it("re-importing the study's own dictionary changes nothing", () => {
    const result = plan(demo, dictionaryCsv(demo, "en"));
    expect(result.config).toEqual(demo);
    expect(new Set(result.changes.map((c) => c.status))).toEqual(new Set(["unchanged"]));
  });

  it("updates a field with per-property changes, creates new ones and keeps what the file lacks", () => {
    const result = plan(
      demo,
      csvOf(
        {
          variable_name: "pasi_score",
          entity: "visit",
          field_type: "number",
          field_label_en: "PASI total (0-72)",
          form_name: "efficacy",
          validation_min: "0",
          validation_max: "72",
          required: "y",
        },
        {
          variable_name: "itch_vas",
          entity: "visit",
          field_type: "number",
          field_label_en: "Itch VAS",
          form_name: "new_cat",
        },
      ),
    );
    expect(result.issues).toEqual([]);
    const pasi = result.changes.find((c) => c.name === "pasi_score")!;
    expect(pasi.status).toBe("updated");
    expect(pasi.row).toBe(2);
    expect(pasi.changes.map((c) => c.property)).toContain("label");
    expect(pasi.changes.find((c) => c.property === "label")).toMatchObject({ after: "PASI total (0-72)" });
    expect(result.changes.find((c) => c.name === "itch_vas")).toMatchObject({
      status: "created",
      row: 3,
      entity: "visit",
    });
    expect(result.changes.find((c) => c.kind === "category")).toMatchObject({
      name: "new_cat",
      status: "created",
    });
    const kept = result.changes.filter((c) => c.status === "kept");
    expect(kept).toHaveLength(demo.data_fields.length - 1 + demo.calculations.length);
    expect(result.config!.data_fields).toHaveLength(demo.data_fields.length + 1);
    expect(result.config!.data_fields.find((f) => f.name === "pasi_score")!.label).toBe("PASI total (0-72)");
    expect(result.config!.calculations).toEqual(demo.calculations);
  });

  it("reports cell problems with their row and column", () => {
    const parsed = parseDictionaryCsv(
      csvOf(
        {
          variable_name: "a",
          entity: "visit",
          field_type: "number",
          field_label_en: "A",
          validation_min: "ten",
        },
        { variable_name: "b", entity: "visitor", field_type: "texty", field_label_en: "B" },
        {
          variable_name: "c",
          entity: "visit",
          field_type: "text",
          field_label_en: "C",
          branching_logic: "[a] >",
        },
        { variable_name: "d", field_type: "calc", field_label_en: "D", calculation: "median(a)" },
        {
          variable_name: "a",
          entity: "visit",
          field_type: "text",
          field_label_en: "A again",
          required: "maybe",
        },
        { variable_name: "e ", entity: "visit", field_type: "text", field_label_en: "E" },
      ),
      "en",
    );
    const result = planDictionaryImport(demo, parsed.rows, "en");
    expect(result.config).toBeNull();
    expect(english(result.issues)).toEqual([
      { row: 2, column: "validation_min", message: "validation_min must be a number (got 'ten')" },
      { row: 3, column: "field_type", message: expect.stringContaining("Unknown field_type 'texty'") },
      { row: 3, column: "entity", message: "entity must be patient or visit" },
      { row: 5, column: "calculation", message: expect.stringContaining("Unknown calculation 'median'") },
      { row: 6, column: "required", message: "required must be y, n or blank (got 'maybe')" },
      { row: 7, column: "variable_name", message: "variable_name 'e ' has spaces at its start or end" },
    ]);
    // [a] > with nothing after it is a comparison without a value: the schema allows it.
    expect(result.issues.some((i) => i.row === 4)).toBe(false);
  });

  it("maps the config rules' errors back to rows and columns", () => {
    const result = plan(
      demo,
      csvOf(
        { variable_name: "Bad Name", entity: "visit", field_type: "text", field_label_en: "Bad" },
        { variable_name: "choice", entity: "visit", field_type: "select", field_label_en: "Choice" },
        {
          variable_name: "pasi_score",
          field_type: "calc",
          field_label_en: "Clash",
          calculation: "sum(dlqi_score)",
        },
      ),
    );
    expect(result.config).toBeNull();
    expect(english(result.issues)).toEqual(
      expect.arrayContaining([
        {
          row: 2,
          column: "variable_name",
          message: inEnglish(MESSAGES.fieldNameFormat),
        },
        { row: 3, column: "choices_en", message: inEnglish(MESSAGES.selectNeedsOptions) },
        { row: 4, column: "variable_name", message: inEnglish(MESSAGES.calculationClashesWithField) },
      ]),
    );
  });

  it("refuses duplicates, unknown and missing columns", () => {
    const dup = parseDictionaryCsv(
      csvOf(
        { variable_name: "x", entity: "visit", field_type: "text", field_label_en: "X" },
        { variable_name: "x", entity: "visit", field_type: "text", field_label_en: "X2" },
      ),
      "en",
    );
    expect(english(planDictionaryImport(demo, dup.rows, "en").issues)).toEqual([
      { row: 3, column: "variable_name", message: "visit field 'x' is already defined on row 2" },
    ]);
    const header = parseDictionaryCsv("variable_name,entity,colour\r\n", "en");
    expect(english(header.issues)).toContainEqual({
      row: 1,
      column: "colour",
      message: "Unknown column 'colour'",
    });
    expect(english(header.issues)).toContainEqual({
      row: 1,
      column: "field_type",
      message: "Missing column 'field_type'",
    });
    const short = parseDictionaryCsv(`${HEADER}\r\na,b\r\n`, "en");
    expect(english(short.issues)).toEqual([
      { row: 2, column: null, message: `Row has 2 cells, the header has ${DICTIONARY_COLUMNS.length}` },
    ]);
  });

  it("guards formula-like cells on export and reads them back exactly", () => {
    const config = StudyConfigSchema.parse({
      version: 1,
      data_fields: [
        {
          entity: "visit",
          name: "f",
          label: '=HYPERLINK("http://x")',
          type: "text",
          description: "'hello",
          validation: { min: -3 },
        },
      ],
    });
    const text = dictionaryCsv(config, "en");
    expect(text).toContain(`'=HYPERLINK`);
    expect(text).toContain(",-3,");
    const result = plan(empty, text);
    expect(result.config!.data_fields).toEqual(config.data_fields);
  });
});
