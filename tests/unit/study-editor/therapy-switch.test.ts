import { MESSAGES } from "@/lib/schemas/study-config-rules";
import { words } from "@/tests/support/engine-words";
import { describe, expect, it } from "vitest";
import type { TherapySwitchFieldDocument as TherapySwitchField } from "@/lib/schemas/study-config";
import {
  conditionTargets,
  emptySwitchFieldDraft,
  optionsFromText,
  optionsToText,
  switchFieldToDraft,
  validateSwitchField,
} from "@/lib/study-editor/therapy-switch";

const reason: TherapySwitchField = {
  name: "motivo",
  label: "Motivo",
  type: "select",
  required: true,
  options: [
    { value: "altro", label: "Altro" },
    { value: "efficacia", label: "Perdita di efficacia" },
  ],
};

describe("the Therapy Switch tab's rules", () => {
  it("answers the spec's Italian messages for a missing name or label and a taken name", () => {
    expect(words(MESSAGES.switchFieldRequired, "it")).toBe("Nome e Label sono obbligatori");
    expect(words(MESSAGES.switchFieldUnique, "it")).toBe("Un campo con questo nome esiste già");
    expect(words(MESSAGES.switchConditionalOnSelect, "it")).toBe(
      "La logica condizionale è consentita solo su un altro campo select",
    );
    const draft = emptySwitchFieldDraft();
    expect(validateSwitchField({ ...draft, name: "x" }, [], null, "it")).toEqual({
      ok: false,
      errors: { name: MESSAGES.switchFieldRequired },
    });
    expect(validateSwitchField({ ...draft, name: "motivo", label: "M" }, [reason], null, "it")).toEqual({
      ok: false,
      errors: { name: MESSAGES.switchFieldUnique },
    });
  });

  it("keeps the name of an edited field and allows conditions only on another select field", () => {
    const edited = validateSwitchField(
      { ...switchFieldToDraft(reason, "it"), name: "renamed", label: "Why" },
      [reason],
      "motivo",
      "it",
    );
    expect(edited).toMatchObject({ ok: true, value: { name: "motivo", label: "Why" } });
    const notes: TherapySwitchField = { name: "note", label: "Note", type: "text" };
    expect(conditionTargets([reason, notes], "note").map((f) => f.name)).toEqual(["motivo"]);
    expect(conditionTargets([reason, notes], "motivo")).toEqual([]);
    const conditional = validateSwitchField(
      {
        ...emptySwitchFieldDraft(),
        name: "dettagli",
        label: "Dettagli",
        conditionalField: "motivo",
        conditionalValue: "altro",
      },
      [reason, notes],
      null,
      "it",
    );
    expect(conditional).toEqual({
      ok: true,
      value: {
        name: "dettagli",
        label: "Dettagli",
        type: "text",
        required: false,
        conditional_on: { field: "motivo", value: "altro" },
      },
    });
    expect(
      validateSwitchField(
        {
          ...emptySwitchFieldDraft(),
          name: "d",
          label: "D",
          conditionalField: "note",
          conditionalValue: "x",
        },
        [reason, notes],
        null,
        "it",
      ),
    ).toEqual({
      ok: false,
      errors: { conditional: MESSAGES.switchConditionalOnSelect },
    });
  });

  it("reads options one a line, value|label", () => {
    expect(optionsFromText("a\nb|Bee\n\n", "it")).toEqual([
      { value: "a", label: "a" },
      { value: "b", label: "Bee" },
    ]);
  });

  it("reads and writes each language's options, matched by value, losing none (decision 0022)", () => {
    const options = [
      { value: "efficacia", label: { it: "Perdita di efficacia", en: "Loss of efficacy" } },
      { value: "altro", label: "Altro" },
      { value: "costo", label: { it: "", en: "Cost" } },
    ];
    const text = optionsToText(options, "it");
    expect(text).toEqual({
      it: "efficacia|Perdita di efficacia\naltro|Altro",
      en: "efficacia|Loss of efficacy\ncosto|Cost",
    });
    expect(optionsFromText(text, "it")).toEqual(options);
    // A single-language study's options stay plain text, as before.
    expect(optionsToText([{ value: "altro", label: "Altro" }], "it")).toBe("altro|Altro");
    // A line of the other language adds its label to the option of that value, wherever it stands.
    expect(optionsFromText({ it: "a|Alfa\nb|Beta", en: " b | Bee \n\na" }, "it")).toEqual([
      { value: "a", label: { it: "Alfa", en: "a" } },
      { value: "b", label: { it: "Beta", en: "Bee" } },
    ]);
  });

  it("trims each language of label and placeholder, and drops a blank placeholder", () => {
    const draft = {
      ...emptySwitchFieldDraft(),
      name: "note",
      label: { it: " Note ", en: " Notes " },
      placeholder: { it: " ", en: "  " },
    };
    expect(validateSwitchField(draft, [], null, "it")).toEqual({
      ok: true,
      value: { name: "note", label: { it: "Note", en: "Notes" }, type: "text", required: false },
    });
  });
});
