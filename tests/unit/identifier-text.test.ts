import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { invisibleCharacter } from "@/lib/schemas/identifier-text";
import { PatientCreateBody, PatientUpdateBody } from "@/lib/schemas/patients";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { MedicalGroupCreateBody } from "@/lib/schemas/users";
import { inEnglish } from "@/tests/support/words-in";

// C0, DEL, C1, zero-width space / joiner, bidi override and isolate, BOM, soft hyphen, word joiner,
// line and paragraph separators.
const HIDDEN = [
  "\u0000",
  "\u0007",
  "\t",
  "\n",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\u200b",
  "\u200d",
  "\u202e",
  "\u2066",
  "\ufeff",
  "\u00ad",
  "\u2060",
  "\u2028",
  "\u2029",
];

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : result.error!.issues.map((i) => `${i.path.join(".")}: ${inEnglish(i.message)}`));

describe("short identifiers refuse control and invisible characters", () => {
  it.each(HIDDEN.map((c) => [c.codePointAt(0)!.toString(16)]))("finds U+%s", (hex) => {
    const character = String.fromCodePoint(parseInt(hex, 16));
    expect(invisibleCharacter(`PT${character}001`)).toEqual({
      codePoint: `U+${hex.toUpperCase().padStart(4, "0")}`,
      position: 3,
    });
  });

  it("leaves visible text alone: accents, other scripts, spaces, emoji", () => {
    for (const ok of ["PT-001", "Rossi Ñandú", "患者 7", "A B", "😀"])
      expect(invisibleCharacter(ok)).toBeNull();
  });

  it("refuses a patient code with one, on create and update, naming the character", () => {
    const body = { study_id: 1, code: "PT\u200b001", birth_date: "1980-05-17", sex: "F" };
    expect(messages(PatientCreateBody.safeParse(body))).toEqual([
      "code: Patient code must not contain control or invisible characters (U+200B at character 3)",
    ]);
    expect(
      messages(PatientUpdateBody.safeParse({ version: 1, reason: "Fix code", code: "A\u0007" })),
    ).toEqual([
      "code: Patient code must not contain control or invisible characters (U+0007 at character 2)",
    ]);
    expect(PatientCreateBody.safeParse({ ...body, code: "  PT-001 " }).success).toBe(true);
  });

  it("applies the same rule to medical group codes and therapy-switch field names", () => {
    expect(messages(MedicalGroupCreateBody.safeParse({ code: "mi\u202eA", name: "Milano" }))).toEqual([
      "code: Code must not contain control or invisible characters (U+202E at character 3)",
    ]);
    const config = structuredClone(DEMO_STUDY_CONFIG) as {
      therapy_switch_config: { switch_fields: { name: string }[] };
    };
    const fields = config.therapy_switch_config.switch_fields;
    const index = fields.findIndex((f) => f.name === "switch_date");
    fields[index]!.name = "new\u0000date";
    expect(messages(StudyConfigSchema.safeParse(config))).toEqual([
      `therapy_switch_config.switch_fields.${index}.name: Switch field name must not contain control or invisible characters (U+0000 at character 4)`,
    ]);
  });
});
