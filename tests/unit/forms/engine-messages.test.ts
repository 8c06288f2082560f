import { configIn } from "@/lib/i18n/study-config-language";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { describe, expect, it } from "vitest";
import { fieldMessages, switchMessages, validateFieldValue, validateTherapySwitch } from "@/lib/forms";
import { readMessageRef } from "@/lib/i18n/message-ref";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { words } from "@/tests/support/engine-words";

/**
 * The engine does not know the reader's language: it returns catalogue references (`forms.<key>`
 * with the label and numbers), put into words by the screen and the API's error mapper
 * (docs/decisions/0021).
 */
describe("the form engine's messages", () => {
  it("are references to the forms catalogue, with their values", () => {
    const [issue] = validateFieldValue({ type: "number", label: "PASI", validation: { max: 72 } }, 80, {
      required: false,
    });
    expect(issue!.msg).toBe("i18n:forms.max?label=PASI&%23max=72");
    expect(readMessageRef(issue!.msg)).toEqual({ key: "forms.max", values: { label: "PASI", max: 72 } });
    expect(readMessageRef(fieldMessages.required("Sesso"))).toEqual({
      key: "forms.required",
      values: { label: "Sesso" },
    });
  });

  // Spec §5, word for word in English; the Italian catalogue's words for the same rules.
  it.each([
    [fieldMessages.required("Sesso"), "Sesso is required", "Sesso è obbligatorio"],
    [fieldMessages.min("PASI", 0), "PASI must be at least 0", "PASI deve essere almeno 0"],
    [fieldMessages.max("PASI", 72), "PASI must be at most 72", "PASI deve essere al massimo 72"],
    [fieldMessages.min("Dose", 0.5), "Dose must be at least 0.5", "Dose deve essere almeno 0.5"],
    [
      fieldMessages.minLength("Note", 3),
      "Note must be at least 3 characters",
      "Note deve contenere almeno 3 caratteri",
    ],
    [
      fieldMessages.maxLength("Note", 200),
      "Note must be at most 200 characters",
      "Note deve contenere al massimo 200 caratteri",
    ],
    [fieldMessages.pattern("Code"), "Code format is invalid", "Code: formato non valido"],
    [
      fieldMessages.email("Contact"),
      "Contact must be a valid email address",
      "Contact deve essere un indirizzo email valido",
    ],
    [
      fieldMessages.row("Previous biologics", 2),
      "Previous biologics row 2 is invalid",
      "Previous biologics: la riga 2 non è valida",
    ],
    [
      switchMessages.required("Motivo dello switch"),
      "Motivo dello switch is required",
      "Motivo dello switch è obbligatorio",
    ],
    [switchMessages.unknown, "Unknown field", "Campo sconosciuto"],
  ])("%s reads %j in English and %j in Italian", (ref, english, italian) => {
    expect(words(ref, "en")).toBe(english);
    expect(words(ref, "it")).toBe(italian);
  });

  it("keep a study's label as it is, even with characters a URL or ICU treats specially", () => {
    const label = "Dose & frequenza {mg}? 50%";
    expect(words(fieldMessages.required(label), "en")).toBe(`${label} is required`);
  });

  it("therapy switch: the spec's '{label} è obbligatorio' in Italian", () => {
    const config = configIn(StudyConfigSchema.parse(DEMO_STUDY_CONFIG), "it").therapy_switch_config;
    const { errors } = validateTherapySwitch(config, { is_continuing_therapy: false });
    expect(words(errors.switch_reason!, "it")).toBe("Motivo dello switch è obbligatorio");
    expect(words(validateTherapySwitch(config, {}).errors.is_continuing_therapy!, "it")).toBe(
      "Indicare se il paziente sta continuando la stessa terapia",
    );
  });
});
