/** The plausible range (decision 0024) in the configuration rules and the data dictionary. */
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import {
  DICTIONARY_COLUMNS,
  dictionaryCsv,
  parseDictionaryCsv,
  planDictionaryImport,
} from "@/lib/dictionary";
import { FieldValidationSchema } from "@/lib/schemas/study-config";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { inEnglish } from "@/tests/support/words-in";

const withSoftRange = StudyConfigSchema.parse({
  ...DEMO_STUDY_CONFIG,
  data_fields: (DEMO_STUDY_CONFIG.data_fields ?? []).map((field) =>
    field.name === "pasi_score"
      ? { ...field, validation: { ...field.validation, soft_min: 0.5, soft_max: 50 } }
      : field,
  ),
});

describe("soft_min / soft_max", () => {
  it("are refused out of order, both numbers", () => {
    expect(FieldValidationSchema.safeParse({ soft_min: 1, soft_max: 1 }).success).toBe(true);
    const refused = FieldValidationSchema.safeParse({ soft_min: 5, soft_max: 1 });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path, inEnglish(i.message)])).toEqual([
      [["soft_max"], "The plausible minimum cannot be greater than the plausible maximum"],
    ]);
    expect(FieldValidationSchema.safeParse({ soft_min: "5" }).success).toBe(false);
  });

  it("travel through the dictionary and back unchanged; a file without their columns still reads", () => {
    const text = dictionaryCsv(withSoftRange, "en");
    const header = text.replace("\uFEFF", "").split("\r\n")[0]!.split(",");
    expect(header).toEqual([...DICTIONARY_COLUMNS]);
    expect(header.indexOf("soft_min")).toBe(header.indexOf("validation_max") + 1);
    const parsed = parseDictionaryCsv(text, "en");
    expect(parsed.issues).toEqual([]);
    const plan = planDictionaryImport(withSoftRange, parsed.rows, "en");
    expect(plan.issues).toEqual([]);
    const pasi = plan.config!.data_fields.find((f) => f.name === "pasi_score")!;
    expect(pasi.validation).toMatchObject({ min: 0, max: 72, soft_min: 0.5, soft_max: 50 });

    // A file written before the two columns: read, the range simply absent.
    const olderColumns = DICTIONARY_COLUMNS.filter((c) => c !== "soft_min" && c !== "soft_max");
    const row: Partial<Record<string, string>> = {
      variable_name: "pasi_score",
      entity: "visit",
      field_type: "number",
      field_label_en: "PASI",
      validation_max: "72",
    };
    const older = [olderColumns.join(","), olderColumns.map((c) => row[c] ?? "").join(",")].join("\r\n");
    const oldParse = parseDictionaryCsv(older + "\r\n", "en");
    expect(oldParse.issues).toEqual([]);
    expect(oldParse.rows[0]!.soft_min).toBe("");
  });
});
