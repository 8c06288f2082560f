/**
 * Pure rules behind the Data Fields editor (spec §2, §3, §5): naming of new and imported fields,
 * the defaults a field gets when its type changes, and the mapping of config issues (the browser's
 * own check or a server 422) onto the field they belong to. The validation itself is the one config
 * check in lib/schemas/study-config-rules.ts; nothing here repeats it.
 */
import { z } from "zod";
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import { parseNumber } from "@/lib/forms/parse-number";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import {
  storedText,
  textByLanguage,
  trimmedText,
  wordsIn,
  type StudyText,
  type TextByLanguage,
} from "@/lib/schemas/study-text";
import {
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  SubFieldSchema,
  type SubFieldDocument,
  type Condition,
  type DataFieldDocument,
  type FieldEntity,
  type FieldOptionDocument,
  type FieldType,
} from "@/lib/schemas/study-config";

export const DATA_FIELD_MESSAGES = {
  fixErrors: "Please fix the highlighted errors before saving.",
  unique: MESSAGES.fieldNameUnique,
  selectOptions: MESSAGES.selectNeedsOptions,
  subField: MESSAGES.subFieldRequired,
} as const;

/** The add-field modal: every type with its one-line description. */
export const FIELD_TYPE_DESCRIPTIONS: Record<FieldType, string> = {
  text: "Single line of free text",
  textarea: "Several lines of free text",
  number: "A number, with optional minimum and maximum",
  date: "A calendar date",
  month: "A month and year",
  select: "One choice from a list of options",
  multiselect: "Several choices from a list of options",
  boolean: "Yes or no",
  checkbox: "A single tick box",
  email: "An e-mail address",
  array: "A repeating list of rows, each with its own sub-fields",
  radio: "One choice from a list shown as radio buttons",
};

/** Types that carry an options list. */
export const OPTION_FIELD_TYPES: ReadonlySet<string> = new Set(["select", "multiselect", "radio"]);
/** Sub-field types offered by the array sub-field editor (radio appears only there in the spec). */
export const SUB_FIELD_TYPES = ["text", "number", "date", "select", "radio", "boolean", "textarea"] as const;

/** Number fields start with validation 0 to 100 (spec §5). */
export const NUMBER_DEFAULT_VALIDATION = { min: 0, max: 100 } as const;

/**
 * A name made from a label: lowercase, runs of anything else than a-z and 0-9 become one '_',
 * no leading digit or '_', at most 50 characters. Empty when the label has no letters or digits.
 */
export function nameFromLabel(label: string): string {
  let name = label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[_0-9]+/, "")
    .slice(0, NAME_MAX_LENGTH)
    .replace(/_+$/, "");
  if (!name && /[0-9]/.test(label)) name = `field_${label.replace(/[^0-9]/g, "")}`.slice(0, NAME_MAX_LENGTH);
  return name;
}

/** The first `field_{n}` not taken in the entity (n counts from the entity's field count + 1). */
export function nextFieldName(fields: readonly DataFieldDocument[], entity: FieldEntity): string {
  const taken = new Set(fields.filter((f) => f.entity === entity).map((f) => f.name));
  let n = fields.filter((f) => f.entity === entity).length + 1;
  while (taken.has(`field_${n}`)) n += 1;
  return `field_${n}`;
}

/**
 * While the name still starts with field_, a label edit regenerates the name from it (spec §5).
 * The first letter typed already gives a name without the prefix, so for a field added in this
 * draft (`isNew`) the name keeps following the label as long as it is still the generated one.
 */
export function applyLabel(
  field: DataFieldDocument,
  label: StudyText,
  contentLanguage: Locale,
  isNew = false,
): DataFieldDocument {
  // The name follows the default language's words, else the other's (decision 0022).
  const words = (text: StudyText) => wordsIn(text, contentLanguage);
  const generated =
    field.name.startsWith("field_") || (isNew && field.name === nameFromLabel(words(field.label)));
  if (!generated) return { ...field, label };
  return { ...field, label, name: nameFromLabel(words(label)) || field.name };
}

/** A new field of this type at the end of the entity, in the category given (or none). */
export function newField(
  fields: readonly DataFieldDocument[],
  entity: FieldEntity,
  type: FieldType,
  category: string | null,
): DataFieldDocument {
  const name = nextFieldName(fields, entity);
  const order = Math.max(0, ...fields.filter((f) => f.entity === entity).map((f) => f.order ?? 0)) + 1;
  const field: DataFieldDocument = {
    entity,
    name,
    label: `Field ${name.slice("field_".length)}`,
    type,
    category,
    order,
    show_in_form: true,
    show_in_table: false,
    validation: type === "number" ? { ...NUMBER_DEFAULT_VALIDATION } : {},
  };
  if (OPTION_FIELD_TYPES.has(type)) field.options = [];
  if (type === "array") field.schema = {};
  return field;
}

/** Changing the type keeps what still applies: options for option types, schema for arrays. */
export function changeType(field: DataFieldDocument, type: string): DataFieldDocument {
  const next: DataFieldDocument = { ...field, type };
  if (OPTION_FIELD_TYPES.has(type)) next.options = field.options ?? [];
  else delete next.options;
  if (type === "array") next.schema = field.schema ?? {};
  else delete next.schema;
  if (type === "number" && field.type !== "number")
    next.validation = { ...NUMBER_DEFAULT_VALIDATION, ...field.validation };
  return next;
}

/** Options one per line: blank lines dropped, each line both value and label. */
export function parseOptionLines(text: string): FieldOptionDocument[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => ({ value: line, label: line }));
}

/**
 * The options' lines in one language: `value|label` (just `value` where the default language's label
 * is the value itself); in the other language only the options it translates (decision 0022).
 */
export function optionLinesIn(
  options: readonly FieldOptionDocument[] | undefined,
  locale: Locale,
  contentLanguage: Locale,
): string {
  return (options ?? [])
    .map((option) => ({ value: option.value, label: textByLanguage(option.label, contentLanguage)[locale] }))
    .filter(({ label }) => locale === contentLanguage || label !== "")
    .map(({ value, label }) => (locale === contentLanguage && label === value ? value : `${value}|${label}`))
    .join("\n");
}

/**
 * The options of the default language's lines, each label joined by its translation from the other
 * language's `value|label` lines. `unknown`: values translated that are not options (shown to the
 * editor, never silently kept).
 */
export function optionsFromLines(
  defaultLines: string,
  translatedLines: string,
  contentLanguage: Locale,
): { options: FieldOptionDocument[]; unknown: string[] } {
  const other = LOCALES.find((locale) => locale !== contentLanguage)!;
  const translations = new Map(
    parseOptionText(translatedLines).map((option) => [option.value, option.label as string]),
  );
  const options = parseOptionText(defaultLines).map((option) => {
    const translated = translations.get(option.value);
    if (translated === undefined || translated === option.value) return option;
    const texts = { it: "", en: "", [contentLanguage]: option.label as string, [other]: translated };
    return { value: option.value, label: storedText(texts as TextByLanguage, contentLanguage) };
  });
  const values = new Set(options.map((option) => option.value));
  return { options, unknown: [...translations.keys()].filter((value) => !values.has(value)) };
}

/** Reads `value|label` lines back; a line without '|' is both. */
export function parseOptionText(text: string): FieldOptionDocument[] {
  return parseOptionLines(text).map(({ value }) => {
    const bar = value.indexOf("|");
    if (bar < 0) return { value, label: value };
    const v = value.slice(0, bar).trim();
    const l = value.slice(bar + 1).trim();
    return { value: v, label: l || v };
  });
}

// ---------------------------------------------------------------------------------------------
// Issues → cards
// ---------------------------------------------------------------------------------------------

export type PathIssue = { path: readonly (string | number)[]; message: string };
/** Per card (index in config.data_fields): the first message per property ("" = the card as a whole). */
export type FieldIssues = Map<number, Record<string, string>>;

/**
 * A server 422 `loc` (`["body", "config", "data_fields", 7, "options"]`) or a browser issue path
 * (`["data_fields", 7, "options"]`) as a config path, or null when it is not about the config.
 */
export function configPath(loc: readonly (string | number)[]): (string | number)[] | null {
  let rest = [...loc];
  if (rest[0] === "body") rest = rest.slice(1);
  if (rest[0] === "config") rest = rest.slice(1);
  else if (loc[0] === "body") return null;
  return rest.map((part) => (typeof part === "string" && /^\d+$/.test(part) ? Number(part) : part));
}

/** Groups issues under the data field they name; the property is the next path segment. */
export function fieldIssues(issues: readonly PathIssue[]): FieldIssues {
  const byField: FieldIssues = new Map();
  for (const issue of issues) {
    const [root, index, property] = issue.path;
    if (root !== "data_fields" || typeof index !== "number") continue;
    const record = byField.get(index) ?? {};
    const key = typeof property === "string" ? property : "";
    record[key] ??= issue.message;
    byField.set(index, record);
  }
  return byField;
}

// ---------------------------------------------------------------------------------------------
// Templates → fields
// ---------------------------------------------------------------------------------------------

export type TemplateFieldInput = Omit<DataFieldDocument, "entity"> & { entity?: FieldEntity };

/** `base`, or `base_1`, `base_2`… the first one not in `taken` (spec §5), kept within 50 characters. */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Template fields as new fields of the entity: names made unique against the entity's fields
 * (and each other), conditions between the imported fields follow the renames, orders continue
 * after the entity's last field, and a category the entity does not have is dropped.
 */
export function importTemplateFields(
  fields: readonly DataFieldDocument[],
  entity: FieldEntity,
  templateFields: readonly TemplateFieldInput[],
  categoryCodes: ReadonlySet<string>,
): DataFieldDocument[] {
  const taken = new Set(fields.filter((f) => f.entity === entity).map((f) => f.name));
  const renames = new Map<string, string>();
  for (const tf of templateFields) {
    const name = uniqueName(tf.name, taken);
    taken.add(name);
    renames.set(tf.name, name);
  }
  let order = Math.max(0, ...fields.filter((f) => f.entity === entity).map((f) => f.order ?? 0));
  return templateFields.map((tf) => {
    order += 1;
    const field: DataFieldDocument = {
      ...tf,
      entity,
      name: renames.get(tf.name) ?? tf.name,
      category: tf.category && categoryCodes.has(tf.category) ? tf.category : null,
      order,
    };
    for (const key of ["show_if", "required_if", "enable_if"] as const) {
      const condition = tf[key];
      if (condition) field[key] = renameInCondition(condition, renames);
    }
    return field;
  });
}

function renameInCondition(condition: Condition, renames: ReadonlyMap<string, string>): Condition {
  if ("and" in condition) return { and: condition.and.map((c) => renameInCondition(c, renames)) };
  if ("or" in condition) return { or: condition.or.map((c) => renameInCondition(c, renames)) };
  return { ...condition, field: renames.get(condition.field) ?? condition.field };
}

/** A field as a template field: everything but the entity. */
export function toTemplateField(field: DataFieldDocument): TemplateFieldInput {
  const { entity: _entity, ...rest } = field;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Renames and removals of fields that hold data
// ---------------------------------------------------------------------------------------------

export type FieldUsageCounts = Record<FieldEntity, Record<string, number>>;
export type OrphanRisk = { entity: FieldEntity; name: string; count: number; kind: "renamed" | "removed" };

/**
 * Saved fields that hold data and would no longer be found under their name once the draft is
 * saved. `currentName` tells what became of a saved field in the draft: its new name, or null when
 * it was deleted.
 */
export function orphanRisks(
  saved: readonly DataFieldDocument[],
  usage: FieldUsageCounts | undefined,
  currentName: (field: DataFieldDocument) => string | null,
): OrphanRisk[] {
  if (!usage) return [];
  const risks: OrphanRisk[] = [];
  for (const field of saved) {
    const count = usage[field.entity]?.[field.name] ?? 0;
    if (count === 0) continue;
    const now = currentName(field);
    if (now === field.name) continue;
    risks.push({ entity: field.entity, name: field.name, count, kind: now === null ? "removed" : "renamed" });
  }
  return risks;
}

// ---------------------------------------------------------------------------------------------
// Array sub-fields
// ---------------------------------------------------------------------------------------------

export type SubFieldDraft = {
  name: string;
  label: StudyText;
  type: string;
  /** One option per line. */
  optionsText: string;
  required: boolean;
  /** Number sub-fields: optional bounds, as typed. */
  min: string;
  max: string;
};

export const SUB_FIELD_MESSAGES = {
  required: MESSAGES.subFieldRequired,
  format: MESSAGES.fieldNameFormat,
  unique: "A sub-field with this name already exists",
  bounds: "Min must not be greater than Max",
} as const;

export function emptySubFieldDraft(): SubFieldDraft {
  return { name: "", label: "", type: "text", optionsText: "", required: false, min: "", max: "" };
}

export function subFieldDraft(name: string, sub: SubFieldDocument): SubFieldDraft {
  return {
    name,
    label: sub.label,
    type: sub.type,
    optionsText: (sub.options ?? []).map((o) => o.value).join("\n"),
    required: sub.validation?.required === true,
    min: sub.validation?.min === undefined ? "" : String(sub.validation.min),
    max: sub.validation?.max === undefined ? "" : String(sub.validation.max),
  };
}

/**
 * The rules of one sub-field in the array editor (docs/decisions/0020): the config's `SubFieldSchema`
 * (its label rule and message) with the name the schema keys it by: present, well formed (the
 * config check's field-name message), not taken by another sub-field, and the bounds in order.
 * `editing` is the name the sub-field had (null when adding), so keeping its own name is no clash.
 * Each rule sits on the property it is about, so every message shows under its box.
 */
export function subFieldEntrySchema(
  schema: Readonly<Record<string, SubFieldDocument>>,
  editing: string | null,
) {
  return SubFieldSchema.extend({
    name: z.string().superRefine((name, ctx) => {
      const problem = !name
        ? SUB_FIELD_MESSAGES.required
        : name.length > NAME_MAX_LENGTH || !NAME_PATTERN.test(name)
          ? SUB_FIELD_MESSAGES.format
          : name !== editing && Object.hasOwn(schema, name)
            ? SUB_FIELD_MESSAGES.unique
            : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  }).superRefine(({ validation }, ctx) => {
    const { min, max } = validation ?? {};
    if (min !== undefined && max !== undefined && min > max)
      ctx.addIssue({ code: "custom", path: ["max"], message: SUB_FIELD_MESSAGES.bounds });
  });
}
export type SubFieldEntry = SubFieldDocument & { name: string };

/**
 * What a draft stands for, before `subFieldEntrySchema` checks it: name and label trimmed; options
 * one per line, blank lines dropped; number sub-fields keep an optional min and max.
 */
export function subFieldDraftToEntry(draft: SubFieldDraft): Record<keyof SubFieldEntry, unknown> {
  const validation: SubFieldDocument["validation"] = {};
  if (draft.required) validation.required = true;
  if (draft.type === "number") {
    const min = parseNumber(draft.min.trim());
    const max = parseNumber(draft.max.trim());
    if (min !== undefined) validation.min = min;
    if (max !== undefined) validation.max = max;
  }
  return {
    name: draft.name.trim(),
    type: draft.type,
    label: trimmedText(draft.label),
    options: OPTION_FIELD_TYPES.has(draft.type) ? parseOptionLines(draft.optionsText) : undefined,
    validation: Object.keys(validation).length > 0 ? validation : undefined,
  };
}

/** The sub-field a draft describes, or the first message to show (see `subFieldEntrySchema`). */
export function buildSubField(
  draft: SubFieldDraft,
  schema: Readonly<Record<string, SubFieldDocument>>,
  editing: string | null,
): { ok: true; name: string; subField: SubFieldDocument } | { ok: false; error: string } {
  const parsed = subFieldEntrySchema(schema, editing).safeParse(subFieldDraftToEntry(draft));
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message };
  const { name, ...subField } = parsed.data;
  return { ok: true, name, subField: withoutUndefined(subField) };
}

/** The entry's sub-field as stored: no keys for absent options or validation. */
export function withoutUndefined(subField: SubFieldDocument): SubFieldDocument {
  return Object.fromEntries(
    Object.entries(subField).filter(([, value]) => value !== undefined),
  ) as SubFieldDocument;
}

/** The schema with one sub-field put in place (a renamed one keeps its position). */
export function putSubField(
  schema: Readonly<Record<string, SubFieldDocument>>,
  editing: string | null,
  name: string,
  subField: SubFieldDocument,
): Record<string, SubFieldDocument> {
  if (editing === null) return { ...schema, [name]: subField };
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => (key === editing ? [name, subField] : [key, value])),
  );
}

export function removeSubField(
  schema: Readonly<Record<string, SubFieldDocument>>,
  name: string,
): Record<string, SubFieldDocument> {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== name));
}
