/**
 * The Therapy Switch tab's rules (spec §3, §4, §5): switch fields with the Italian messages, names
 * fixed after creation, conditions only on another select field. Pure: no I/O.
 */
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import type { FieldOption, TherapySwitchField } from "@/lib/schemas/study-config";

export type SwitchFieldDraft = {
  name: string;
  label: string;
  type: TherapySwitchField["type"];
  required: boolean;
  placeholder: string;
  /** One option a line: `value` or `value|label`. */
  optionsText: string;
  conditionalField: string;
  conditionalValue: string;
};

export type SwitchFieldErrors = Partial<Record<"name" | "options" | "conditional", string>>;

export function emptySwitchFieldDraft(): SwitchFieldDraft {
  return {
    name: "",
    label: "",
    type: "text",
    required: false,
    placeholder: "",
    optionsText: "",
    conditionalField: "",
    conditionalValue: "",
  };
}

export function optionsToText(options: readonly FieldOption[] | undefined): string {
  return (options ?? []).map((o) => (o.label === o.value ? o.value : `${o.value}|${o.label}`)).join("\n");
}

export function optionsFromText(text: string): FieldOption[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value = "", ...label] = line.split("|");
      return { value: value.trim(), label: label.join("|").trim() || value.trim() };
    });
}

export function switchFieldToDraft(field: TherapySwitchField): SwitchFieldDraft {
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required ?? false,
    placeholder: field.placeholder ?? "",
    optionsText: optionsToText(field.options),
    conditionalField: field.conditional_on?.field ?? "",
    conditionalValue: field.conditional_on?.value ?? "",
  };
}

/** The other select fields a field may be conditional on (spec §5: only against another select). */
export function conditionTargets(fields: readonly TherapySwitchField[], self: string): TherapySwitchField[] {
  return fields.filter((f) => f.type === "select" && f.name !== self);
}

export function validateSwitchField(
  draft: SwitchFieldDraft,
  fields: readonly TherapySwitchField[],
  editingName: string | null,
): { ok: true; value: TherapySwitchField } | { ok: false; errors: SwitchFieldErrors } {
  const errors: SwitchFieldErrors = {};
  const name = editingName ?? draft.name.trim();
  const label = draft.label.trim();
  if (!name || !label) errors.name = MESSAGES.switchFieldRequired;
  else if (editingName === null && fields.some((f) => f.name === name))
    errors.name = MESSAGES.switchFieldUnique;
  const options = draft.type === "select" ? optionsFromText(draft.optionsText) : [];
  if (draft.type === "select" && options.length === 0) errors.options = "Add at least one option";
  if (draft.conditionalField) {
    const target = conditionTargets(fields, name).find((f) => f.name === draft.conditionalField);
    if (!target) errors.conditional = MESSAGES.switchConditionalOnSelect;
    else if (!draft.conditionalValue) errors.conditional = "Choose the value of the condition";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const value: TherapySwitchField = { name, label, type: draft.type, required: draft.required };
  if (options.length > 0) value.options = options;
  if (draft.placeholder.trim()) value.placeholder = draft.placeholder.trim();
  if (draft.conditionalField)
    value.conditional_on = { field: draft.conditionalField, value: draft.conditionalValue };
  return { ok: true, value };
}
