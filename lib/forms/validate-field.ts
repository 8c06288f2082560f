/**
 * Validation of one field value with the spec's exact messages (spec §5 "Dynamic form"). The
 * messages the spec does not word are decided here, once, for browser and server alike:
 *
 *   number        '{label} must be a number'            (a number under parseNumber, parse-number.ts:
 *                                                        a finite number or strict decimal text;
 *                                                        validateSubmission stores text as the number)
 *   date          '{label} must be a valid date'        (YYYY-MM-DD, a real calendar day, year ≥ 1)
 *   month         '{label} must be a valid month'       (YYYY-MM, year ≥ 1)
 *   select/radio  '{label} must be one of the listed options'
 *   multiselect   '{label} must be a list' if not an array, else the options message per bad item
 *   boolean/checkbox '{label} must be yes or no'        (true or false; false counts as a value)
 *   text/textarea/email '{label} must be text'
 *   array         '{label} must be a list'; a row that is not an object: '{label} row {n} is invalid'
 *
 * One message per path (the first failing check), so a form shows one line per input. Each is a
 * catalogue reference (`fieldMessages` below), put into words by the reader's language.
 */
import type { FieldOption, FieldValidation, SubField } from "@/lib/schemas/study-config";
import { isCalendarDate, isCalendarMonth } from "@/lib/dates/calendar-date";
import { messageRef } from "@/lib/i18n/message-ref";
import { isEmptyValue } from "./conditions";
import { parseNumber } from "./parse-number";
import { compileStudyPattern } from "./study-pattern";

export type IssueType =
  | "missing"
  | "type_error"
  | "too_small"
  | "too_big"
  | "too_short"
  | "too_long"
  | "pattern_mismatch"
  | "invalid_email"
  | "invalid_date"
  | "invalid_month"
  | "invalid_option";

/** `path` is relative to the field: [] for the value itself, [row, subField] inside an array field. */
export type FieldIssue = { path: (string | number)[]; msg: string; type: IssueType };

/** What validation needs of a field: a DataField and an array field's SubField both fit. */
export type ValidatedField = {
  type: string;
  label: string;
  options?: readonly FieldOption[];
  validation?: FieldValidation;
  schema?: Readonly<Record<string, SubField>>;
};

/** Patterns are only run on strings up to this length; longer strings fail the pattern (fail closed). */
export const MAX_PATTERN_INPUT_LENGTH = 10_000;

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * The messages as catalogue references (lib/i18n/message-ref.ts, docs/decisions/0021): the engine
 * does not know the reader's language, so it names the message (`forms.<key>`) and its values; the
 * screen and the API's error mapper put it into words. English words as above, Italian in
 * messages/it/forms.json.
 */
export const fieldMessages = {
  required: (label: string) => messageRef("forms.required", { label }),
  min: (label: string, min: number) => messageRef("forms.min", { label, min }),
  max: (label: string, max: number) => messageRef("forms.max", { label, max }),
  minLength: (label: string, n: number) => messageRef("forms.minLength", { label, n }),
  maxLength: (label: string, n: number) => messageRef("forms.maxLength", { label, n }),
  pattern: (label: string) => messageRef("forms.pattern", { label }),
  email: (label: string) => messageRef("forms.email", { label }),
  number: (label: string) => messageRef("forms.number", { label }),
  date: (label: string) => messageRef("forms.date", { label }),
  month: (label: string) => messageRef("forms.month", { label }),
  option: (label: string) => messageRef("forms.option", { label }),
  boolean: (label: string) => messageRef("forms.boolean", { label }),
  text: (label: string) => messageRef("forms.text", { label }),
  list: (label: string) => messageRef("forms.list", { label }),
  row: (label: string, n: number) => messageRef("forms.row", { label, n }),
} as const;

/** Length in characters (code points), so an emoji counts once, as the server's Python did. */
function characterCount(value: string): number {
  let count = 0;
  for (const _character of value) count += 1;
  return count;
}

function optionValues(field: ValidatedField): Set<string> | null {
  // A field with no options has nothing to check against: any text is accepted.
  return field.options && field.options.length > 0 ? new Set(field.options.map((o) => o.value)) : null;
}

function stringIssue(field: ValidatedField, value: string): FieldIssue | null {
  const { label } = field;
  const rules = field.validation ?? {};
  if (field.type === "email" && !EMAIL.test(value)) return issue(fieldMessages.email(label), "invalid_email");
  const length = characterCount(value);
  if (rules.min_length !== undefined && length < rules.min_length) {
    return issue(fieldMessages.minLength(label, rules.min_length), "too_short");
  }
  if (rules.max_length !== undefined && length > rules.max_length) {
    return issue(fieldMessages.maxLength(label, rules.max_length), "too_long");
  }
  if (rules.pattern) {
    // The config rules refuse a pattern RE2 cannot run; should one still arrive, no value passes it.
    const pattern = compileStudyPattern(rules.pattern);
    if (!pattern.ok || value.length > MAX_PATTERN_INPUT_LENGTH || !pattern.test(value)) {
      return issue(fieldMessages.pattern(label), "pattern_mismatch");
    }
  }
  return null;
}

function issue(msg: string, type: IssueType, path: (string | number)[] = []): FieldIssue {
  return { path, msg, type };
}

/** The checks that depend on the field type, for a value known to be non-empty. */
function typeIssues(field: ValidatedField, value: unknown): FieldIssue[] {
  const { label } = field;
  const rules = field.validation ?? {};
  const one = (found: FieldIssue | null) => (found ? [found] : []);
  switch (field.type) {
    case "number": {
      const number = parseNumber(value);
      if (number === undefined) return [issue(fieldMessages.number(label), "type_error")];
      if (rules.min !== undefined && number < rules.min)
        return [issue(fieldMessages.min(label, rules.min), "too_small")];
      if (rules.max !== undefined && number > rules.max)
        return [issue(fieldMessages.max(label, rules.max), "too_big")];
      return [];
    }
    case "text":
    case "textarea":
    case "email":
      return typeof value === "string"
        ? one(stringIssue(field, value))
        : [issue(fieldMessages.text(label), "type_error")];
    case "date":
      return typeof value === "string" && isCalendarDate(value)
        ? []
        : [issue(fieldMessages.date(label), "invalid_date")];
    case "month":
      return typeof value === "string" && isCalendarMonth(value)
        ? []
        : [issue(fieldMessages.month(label), "invalid_month")];
    case "boolean":
    case "checkbox":
      return typeof value === "boolean" ? [] : [issue(fieldMessages.boolean(label), "type_error")];
    case "select":
    case "radio": {
      const allowed = optionValues(field);
      const valid = typeof value === "string" && (allowed === null || allowed.has(value));
      return valid ? [] : [issue(fieldMessages.option(label), "invalid_option")];
    }
    case "multiselect": {
      if (!Array.isArray(value)) return [issue(fieldMessages.list(label), "type_error")];
      const allowed = optionValues(field);
      const valid = value.every(
        (item) => typeof item === "string" && (allowed === null || allowed.has(item)),
      );
      return valid ? [] : [issue(fieldMessages.option(label), "invalid_option")];
    }
    case "array":
      return rowIssues(field, value);
    default:
      return []; // unknown type: the renderer shows 'Unsupported field type'; only "required" applies
  }
}

function rowIssues(field: ValidatedField, value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [issue(fieldMessages.list(field.label), "type_error")];
  const issues: FieldIssue[] = [];
  const schema = Object.entries(field.schema ?? {});
  value.forEach((row: unknown, index) => {
    if (typeof row !== "object" || row === null || Array.isArray(row)) {
      issues.push(issue(fieldMessages.row(field.label, index + 1), "type_error", [index]));
      return;
    }
    for (const [name, subField] of schema) {
      const cell = Object.hasOwn(row, name) ? (row as Record<string, unknown>)[name] : undefined;
      const required = subField.validation?.required === true;
      for (const found of validateFieldValue(subField, cell, { required })) {
        issues.push({ ...found, path: [index, name, ...found.path] });
      }
    }
  });
  return issues;
}

/**
 * Issues for one value. `required` comes from the caller (validation.required or required_if, see
 * fieldState); an empty value that is not required is valid and skips every other check.
 */
export function validateFieldValue(
  field: ValidatedField,
  value: unknown,
  options: { required: boolean },
): FieldIssue[] {
  if (isEmptyValue(value))
    return options.required ? [issue(fieldMessages.required(field.label), "missing")] : [];
  return typeIssues(field, value);
}
