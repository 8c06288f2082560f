/**
 * The Therapy Switch tab's rules (spec §3, §4, §5): switch fields with the Italian messages, names
 * fixed after creation, conditions only on another select field. Pure: no I/O.
 */
import { messageRef } from "@/lib/i18n/message-ref";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import {
  isBlankText,
  storedText,
  textByLanguage,
  type StudyText,
  type TextByLanguage,
} from "@/lib/schemas/study-text";
import {
  TherapySwitchFieldSchema,
  type FieldOptionDocument,
  type TherapySwitchFieldDocument,
} from "@/lib/schemas/study-config";
import { typedText } from "./study-texts";

export type SwitchFieldDraft = {
  name: string;
  /** Label and placeholder are study texts, in one or both languages (decision 0022). */
  label: StudyText;
  type: TherapySwitchFieldDocument["type"];
  required: boolean;
  placeholder: StudyText;
  /** Each language's options, one a line: `value` or `value|label` (see `optionsFromText`). */
  optionsText: StudyText;
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

/**
 * The options as each language's lines: `value`, or `value|label` where the label is not the
 * value. A language lists the options it has a label for, so an untranslated language is blank
 * (decision 0022). `language` is the study's default language.
 */
export function optionsToText(
  options: readonly FieldOptionDocument[] | undefined,
  language: Locale,
): StudyText {
  const lines = (locale: Locale) =>
    (options ?? [])
      .map((o) => ({
        value: o.value,
        label: textByLanguage(o.label, language)[locale],
        blank: isBlankText(o.label),
      }))
      // An option with no label at all stays listed in the default language, as its value.
      .filter(({ label, blank }) => label !== "" || (locale === language && blank))
      .map(({ value, label }) => (label === value || label === "" ? value : `${value}|${label}`))
      .join("\n");
  return storedText({ it: lines("it"), en: lines("en") }, language);
}

/**
 * The options of each language's lines (`value` or `value|label`, blank lines dropped), matched by
 * value: the default language's first, then any value only the other language lists (its readers
 * of the default language see the other's label), so nothing typed is lost.
 */
export function optionsFromText(text: StudyText, language: Locale): FieldOptionDocument[] {
  const texts = textByLanguage(text, language);
  const byValue = new Map<string, TextByLanguage>();
  for (const locale of [language, ...LOCALES.filter((l) => l !== language)]) {
    for (const line of texts[locale].split("\n")) {
      if (!line.trim()) continue;
      const [first = "", ...rest] = line.split("|");
      const value = first.trim();
      const labels = byValue.get(value) ?? { it: "", en: "" };
      labels[locale] = rest.join("|").trim() || value;
      byValue.set(value, labels);
    }
  }
  return [...byValue].map(([value, labels]) => ({ value, label: storedText(labels, language) }));
}

export function switchFieldToDraft(field: TherapySwitchFieldDocument, language: Locale): SwitchFieldDraft {
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required ?? false,
    placeholder: field.placeholder ?? "",
    optionsText: optionsToText(field.options, language),
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
/** The dialog's own rules, as catalogue references put into words on screen (decision 0021). */
export const SWITCH_FIELD_MESSAGES = {
  optionsRequired: messageRef("editorVisits.switch.rules.optionsRequired"),
  conditionValue: messageRef("editorVisits.switch.rules.conditionValue"),
} as const;

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
      ctx.addIssue({ code: "custom", path: ["options"], message: SWITCH_FIELD_MESSAGES.optionsRequired });
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
          message: SWITCH_FIELD_MESSAGES.conditionValue,
        });
    }
  });
}

/**
 * The field a draft stands for: text trimmed (each language of a study text), options parsed, the
 * name kept when editing. `language` is the study's default language (decision 0022).
 */
export function draftToSwitchField(
  draft: SwitchFieldDraft,
  editingName: string | null,
  language: Locale,
): TherapySwitchFieldDocument {
  const placeholder = typedText(draft.placeholder, language);
  return {
    name: editingName ?? draft.name.trim(),
    label: typedText(draft.label, language),
    type: draft.type,
    required: draft.required,
    ...(draft.type === "select" && { options: optionsFromText(draft.optionsText, language) }),
    ...(!isBlankText(placeholder) && { placeholder }),
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
  language: Locale,
): { ok: true; value: TherapySwitchFieldDocument } | { ok: false; errors: SwitchFieldErrors } {
  const parsed = switchFieldEntrySchema(fields, editingName).safeParse(
    draftToSwitchField(draft, editingName, language),
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
