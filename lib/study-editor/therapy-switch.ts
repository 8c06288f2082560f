/**
 * The Therapy Switch tab's rules (spec §3, §4, §5): switch fields with the Italian messages, names
 * fixed after creation, conditions only on another select field. Pure: no I/O.
 */
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import {
  TherapySwitchFieldSchema,
  type FieldOptionDocument,
  type TherapySwitchFieldDocument,
} from "@/lib/schemas/study-config";

export type SwitchFieldDraft = {
  name: string;
  label: string;
  type: TherapySwitchFieldDocument["type"];
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

export function optionsToText(options: readonly FieldOptionDocument[] | undefined): string {
  return (options ?? []).map((o) => (o.label === o.value ? o.value : `${o.value}|${o.label}`)).join("\n");
}

export function optionsFromText(text: string): FieldOptionDocument[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value = "", ...label] = line.split("|");
      return { value: value.trim(), label: label.join("|").trim() || value.trim() };
    });
}

export function switchFieldToDraft(field: TherapySwitchFieldDocument): SwitchFieldDraft {
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
export function conditionTargets(
  fields: readonly TherapySwitchFieldDocument[],
  self: string,
): TherapySwitchFieldDocument[] {
  return fields.filter((f) => f.type === "select" && f.name !== self);
}

/**
 * The rules of one switch field in the dialog: the config's `TherapySwitchFieldSchema` (name and
 * label required, a visible name; docs/decisions/0020) plus what only the list knows, in the
 * messages the config check uses on save: a new name not taken, a select with options, a
 * condition only on another select field and with its value. `editingName` is the name of the
 * field being edited (it cannot change); null when adding.
 */
export function switchFieldEntrySchema(
  fields: readonly TherapySwitchFieldDocument[],
  editingName: string | null,
) {
  return TherapySwitchFieldSchema.extend({
    name: TherapySwitchFieldSchema.shape.name.refine(
      (name) => editingName !== null || !fields.some((f) => f.name === name),
      MESSAGES.switchFieldUnique,
    ),
  }).superRefine((field, ctx) => {
    if (field.type === "select" && (field.options ?? []).length === 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Add at least one option" });
    if (field.conditional_on) {
      const target = conditionTargets(fields, field.name).find((f) => f.name === field.conditional_on?.field);
      if (!target)
        ctx.addIssue({
          code: "custom",
          path: ["conditional_on"],
          message: MESSAGES.switchConditionalOnSelect,
        });
      else if (!field.conditional_on.value)
        ctx.addIssue({
          code: "custom",
          path: ["conditional_on"],
          message: "Choose the value of the condition",
        });
    }
  });
}

/** The field a draft stands for: text trimmed, options parsed, the name kept when editing. */
export function draftToSwitchField(
  draft: SwitchFieldDraft,
  editingName: string | null,
): TherapySwitchFieldDocument {
  const placeholder = draft.placeholder.trim();
  return {
    name: editingName ?? draft.name.trim(),
    label: draft.label.trim(),
    type: draft.type,
    required: draft.required,
    ...(draft.type === "select" && { options: optionsFromText(draft.optionsText) }),
    ...(placeholder && { placeholder }),
    ...(draft.conditionalField && {
      conditional_on: { field: draft.conditionalField, value: draft.conditionalValue },
    }),
  };
}

/** Checks a draft against the list (see `switchFieldEntrySchema`): the messages by dialog slot. */
export function validateSwitchField(
  draft: SwitchFieldDraft,
  fields: readonly TherapySwitchFieldDocument[],
  editingName: string | null,
): { ok: true; value: TherapySwitchFieldDocument } | { ok: false; errors: SwitchFieldErrors } {
  const parsed = switchFieldEntrySchema(fields, editingName).safeParse(
    draftToSwitchField(draft, editingName),
  );
  if (parsed.success) return { ok: true, value: parsed.data };
  const at = (key: string) => parsed.error.issues.find((i) => i.path[0] === key)?.message;
  const errors: SwitchFieldErrors = {};
  // Name and label share one message under both boxes; "required" comes before "taken".
  const name = at("label") ?? at("name");
  if (name) errors.name = name;
  if (at("options")) errors.options = at("options");
  if (at("conditional_on")) errors.conditional = at("conditional_on");
  return { ok: false, errors };
}
