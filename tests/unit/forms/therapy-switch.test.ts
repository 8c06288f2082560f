import { describe, expect, it } from "vitest";
// The engine's messages in words (its references read with the en or it catalogue).
import { therapySwitchIn, validateTherapySwitch } from "@/tests/support/engine-words";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { configIn } from "@/lib/i18n/study-config-language";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";

const config = configIn(StudyConfigSchema.parse(DEMO_STUDY_CONFIG), "it").therapy_switch_config;

describe("validateTherapySwitch (spec §5 Therapy switch form)", () => {
  it("continuing keeps only the answer", () => {
    const result = validateTherapySwitch(config, { is_continuing_therapy: true, switch_reason: "altro" });
    expect(result).toMatchObject({ ok: true, value: { is_continuing_therapy: true } });
    expect(result.value).toEqual({ is_continuing_therapy: true });
  });

  it("requires the answer itself", () => {
    expect(validateTherapySwitch(config, {}).issues[0]!.loc).toEqual(["is_continuing_therapy"]);
  });

  it("required fields answer '{label} è obbligatorio' (the spec's Italian; '{label} is required' in English)", () => {
    const result = therapySwitchIn("it", config, { is_continuing_therapy: false }, [
      "data_fields",
      "therapy_switch",
    ]);
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual([
      {
        loc: ["data_fields", "therapy_switch", "switch_reason"],
        msg: "Motivo dello switch è obbligatorio",
        type: "missing",
      },
    ]);
    expect(result.errors).toEqual({ switch_reason: "Motivo dello switch è obbligatorio" });
    expect(validateTherapySwitch(config, { is_continuing_therapy: false }).errors).toEqual({
      switch_reason: "Motivo dello switch is required",
    });
  });

  it("a conditional field is checked only when its condition matches, and dropped otherwise", () => {
    const other = therapySwitchIn("it", config, { is_continuing_therapy: false, switch_reason: "altro" });
    expect(other.errors).toEqual({ switch_reason_other: "Specificare il motivo è obbligatorio" });
    const inefficacy = validateTherapySwitch(config, {
      is_continuing_therapy: false,
      switch_reason: "inefficacia",
      switch_reason_other: "not asked",
    });
    expect(inefficacy.value).toEqual({ is_continuing_therapy: false, switch_reason: "inefficacia" });
  });

  it("refuses options outside the list, invalid dates and unknown keys", () => {
    const result = validateTherapySwitch(config, {
      is_continuing_therapy: false,
      switch_reason: "boredom",
      switch_date: "2024-02-30",
      surprise: 1,
    });
    expect(Object.keys(result.errors).sort()).toEqual(["surprise", "switch_date", "switch_reason"]);
  });

  it("a switch is refused when the study has the workflow disabled", () => {
    const disabled = { ...config, enabled: false };
    expect(validateTherapySwitch(disabled, { is_continuing_therapy: false }).ok).toBe(false);
    expect(validateTherapySwitch(disabled, { is_continuing_therapy: true }).ok).toBe(true);
  });
});
