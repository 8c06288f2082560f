/**
 * The therapy-switch answer of a follow-up visit (spec §4 therapy-switch flow, §5 Therapy switch
 * form): `is_continuing_therapy`, and when it is false the study's switch fields. Shared by the
 * switch form and the server's check of every visit write. Required fields answer
 * '{label} è obbligatorio' ('{label} is required' in English); a field with `conditional_on` counts only while its condition matches
 * (otherwise its value is dropped, like a hidden field). Pure.
 */
import type { TherapySwitchConfig, TherapySwitchField } from "@/lib/schemas/study-config";
import { isEmptyValue, ownValue } from "./conditions";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { messageRef } from "@/lib/i18n/message-ref";
import type { Loc, ValidationIssue } from "./validate-submission";

export const THERAPY_SWITCH_KEY = "therapy_switch";
export const MAX_SWITCH_TEXT_LENGTH = 2000;

/**
 * Catalogue references (docs/decisions/0021): '{label} è obbligatorio' is the spec's Italian of
 * `forms.required`, the dynamic form's '{label} is required'.
 */
export const switchMessages = {
  required: (label: string) => messageRef("forms.required", { label }),
  option: (label: string) => messageRef("forms.switch.option", { label }),
  date: (label: string) => messageRef("forms.switch.date", { label }),
  text: (label: string) => messageRef("forms.switch.text", { label }),
  continuing: messageRef("forms.switch.continuing"),
  notEnabled: messageRef("forms.switch.notEnabled"),
  unknown: messageRef("forms.switch.unknown"),
} as const;

export type TherapySwitchValue = { is_continuing_therapy: boolean } & Record<string, unknown>;

export type SwitchResult = {
  ok: boolean;
  /** is_continuing_therapy plus, for a switch, the values of the fields that apply. */
  value: TherapySwitchValue | null;
  issues: ValidationIssue[];
  /** Message by field name, for the form. */
  errors: Record<string, string>;
};

/** A switch field applies when it has no condition or its condition's select holds the value. */
function defineOwn(record: object, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

export function isSwitchFieldActive(field: TherapySwitchField, values: Record<string, unknown>): boolean {
  if (!field.conditional_on) return true;
  return ownValue(values, field.conditional_on.field) === field.conditional_on.value;
}

function fieldIssue(field: TherapySwitchField, value: unknown): { msg: string; type: string } | null {
  if (isEmptyValue(value))
    return field.required ? { msg: switchMessages.required(field.label), type: "missing" } : null;
  if (typeof value !== "string") return { msg: switchMessages.option(field.label), type: "string_type" };
  if (field.type === "select" && !(field.options ?? []).some((option) => option.value === value))
    return { msg: switchMessages.option(field.label), type: "invalid_option" };
  if (field.type === "date" && !isCalendarDate(value))
    return { msg: switchMessages.date(field.label), type: "invalid_date" };
  if (value.length > MAX_SWITCH_TEXT_LENGTH)
    return { msg: switchMessages.text(field.label), type: "too_long" };
  return null;
}

export function validateTherapySwitch(
  config: TherapySwitchConfig,
  input: unknown,
  locPrefix: Loc = [],
): SwitchResult {
  const issues: ValidationIssue[] = [];
  const errors: Record<string, string> = {};
  const add = (key: string, msg: string, type: string) => {
    issues.push({ loc: [...locPrefix, key], msg, type });
    if (!Object.hasOwn(errors, key)) defineOwn(errors, key, msg);
  };
  const values: Record<string, unknown> =
    typeof input === "object" && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const continuing = ownValue(values, "is_continuing_therapy");
  if (typeof continuing !== "boolean") {
    add("is_continuing_therapy", switchMessages.continuing, "missing");
    return { ok: false, value: null, issues, errors };
  }
  if (continuing) return { ok: true, value: { is_continuing_therapy: true }, issues, errors };
  if (!config.enabled) {
    add("is_continuing_therapy", switchMessages.notEnabled, "not_enabled");
    return { ok: false, value: null, issues, errors };
  }
  const known = new Set(["is_continuing_therapy", ...config.switch_fields.map((f) => f.name)]);
  for (const key of Object.keys(values))
    if (!known.has(key)) add(key, switchMessages.unknown, "unknown_field");
  const value: TherapySwitchValue = { is_continuing_therapy: false };
  for (const field of config.switch_fields) {
    if (!isSwitchFieldActive(field, values)) continue;
    const fieldValue = ownValue(values, field.name);
    const problem = fieldIssue(field, fieldValue);
    if (problem) add(field.name, problem.msg, problem.type);
    else if (!isEmptyValue(fieldValue)) defineOwn(value, field.name, fieldValue);
  }
  return { ok: issues.length === 0, value: issues.length === 0 ? value : null, issues, errors };
}
