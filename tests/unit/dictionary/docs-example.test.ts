/** The example in docs/data-dictionary.md is a file the import reads without a problem. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { parseDictionaryCsv, planDictionaryImport } from "@/lib/dictionary";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";

describe("docs/data-dictionary.md", () => {
  it("has an example the import reads into the demo study without issues", () => {
    const doc = readFileSync(path.resolve("docs/data-dictionary.md"), "utf8");
    const example = /## Example\s+```\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const parsed = parseDictionaryCsv(example!, "en");
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows).toHaveLength(4);
    const plan = planDictionaryImport(StudyConfigSchema.parse(DEMO_STUDY_CONFIG), parsed.rows, "en");
    expect(plan.issues).toEqual([]);
    const smoking = plan.config!.data_fields.find((f) => f.name === "smoking_status")!;
    expect(smoking.options?.map((o) => o.value)).toEqual(["never", "former", "current"]);
    // Both languages where the file gives both; English alone stays the (English) study's plain text.
    expect(smoking.label).toEqual({ it: "Fumo", en: "Smoking status" });
    expect(smoking.options?.[1]!.label).toEqual({ it: "Ex fumatore", en: "Former" });
    expect(plan.config!.data_fields.find((f) => f.name === "pasi_score")!.label).toBe("PASI");
  });
});
