import { describe, expect, it } from "vitest";
import type { TherapySwitchField } from "@/lib/schemas/study-config";
import {
  conditionTargets,
  emptySwitchFieldDraft,
  optionsFromText,
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
    const draft = emptySwitchFieldDraft();
    expect(validateSwitchField({ ...draft, name: "x" }, [], null)).toEqual({
      ok: false,
      errors: { name: "Nome e Label sono obbligatori" },
    });
    expect(validateSwitchField({ ...draft, name: "motivo", label: "M" }, [reason], null)).toEqual({
      ok: false,
      errors: { name: "Un campo con questo nome esiste già" },
    });
  });

  it("keeps the name of an edited field and allows conditions only on another select field", () => {
    const edited = validateSwitchField(
      { ...switchFieldToDraft(reason), name: "renamed", label: "Why" },
      [reason],
      "motivo",
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
      ),
    ).toEqual({
      ok: false,
      errors: { conditional: "La logica condizionale è consentita solo su un altro campo select" },
    });
  });

  it("reads options one a line, value|label", () => {
    expect(optionsFromText("a\nb|Bee\n\n")).toEqual([
      { value: "a", label: "a" },
      { value: "b", label: "Bee" },
    ]);
  });
});
