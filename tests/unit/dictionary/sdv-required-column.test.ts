/** The data dictionary's `sdv_required` column (decision 0031). */
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { DICTIONARY_COLUMNS, parseDictionaryCsv, planDictionaryImport } from "@/lib/dictionary";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { inEnglish } from "@/tests/support/words-in";

const current = StudyConfigSchema.parse({
  ...DEMO_STUDY_CONFIG,
  data_fields: (DEMO_STUDY_CONFIG.data_fields ?? []).map((field) =>
    field.name === "pasi_score" ? { ...field, sdv_required: true } : field,
  ),
});

const row: Partial<Record<string, string>> = {
  variable_name: "pasi_score",
  entity: "visit",
  form_name: "efficacy",
  field_type: "number",
  field_label_en: "PASI total",
};
const file = (columns: readonly string[], cells: Partial<Record<string, string>>) =>
  `${columns.join(",")}\r\n${columns.map((c) => cells[c] ?? "").join(",")}\r\n`;
const plan = (text: string) => {
  const parsed = parseDictionaryCsv(text, "en");
  expect(parsed.issues).toEqual([]);
  return planDictionaryImport(current, parsed.rows, "en", parsed.absent);
};
const pasi = (config: { data_fields: { name: string; sdv_required?: boolean }[] } | null) =>
  config!.data_fields.find((f) => f.name === "pasi_score")!;

describe("sdv_required column", () => {
  it("reads y / n / blank as true / false / not set, and refuses anything else on its row", () => {
    expect(pasi(plan(file(DICTIONARY_COLUMNS, { ...row, sdv_required: "yes" })).config).sdv_required).toBe(
      true,
    );
    expect(pasi(plan(file(DICTIONARY_COLUMNS, { ...row, sdv_required: "N" })).config).sdv_required).toBe(
      false,
    );
    // The column is there and blank: the row is the whole definition, the flag goes.
    expect("sdv_required" in pasi(plan(file(DICTIONARY_COLUMNS, row)).config)).toBe(false);
    const bad = plan(file(DICTIONARY_COLUMNS, { ...row, sdv_required: "maybe" }));
    expect(bad.issues.map((i) => [i.row, i.column, inEnglish(i.message)])).toEqual([
      [2, "sdv_required", expect.stringContaining("maybe")],
    ]);
  });

  it("may be left out: the fields the file replaces keep the flag they had, a new one has none", () => {
    const older = DICTIONARY_COLUMNS.filter((c) => c !== "sdv_required");
    const another: Partial<Record<string, string>> = { ...row, variable_name: "new_one" };
    const parsed = parseDictionaryCsv(
      `${file(older, row)}${older.map((c) => another[c] ?? "").join(",")}\r\n`,
      "en",
    );
    expect(parsed.issues).toEqual([]);
    expect(parsed.absent).toContain("sdv_required");
    const result = planDictionaryImport(current, parsed.rows, "en", parsed.absent);
    expect(result.issues).toEqual([]);
    expect(pasi(result.config)).toMatchObject({ label: "PASI total", sdv_required: true });
    // The row replaces the rest of the definition (label, note, range…), but not the flag.
    const changed = result.changes.find((c) => c.name === "pasi_score")!.changes.map((c) => c.property);
    expect(changed).toContain("label");
    expect(changed).not.toContain("sdv_required");
    expect("sdv_required" in result.config!.data_fields.find((f) => f.name === "new_one")!).toBe(false);
  });
});
