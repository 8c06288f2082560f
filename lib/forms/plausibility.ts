/**
 * Plausibility of a patient or visit write (docs/decisions/0024), shared by the capture dialogs
 * (before submit) and the services (the rule that counts). Pure: "today" is passed in, from
 * `clinicalToday()` on the server and the browser's calendar day in a dialog.
 *
 * Hard errors are the impossible, refused with a 422 field by field:
 *   - a birth date in the future;
 *   - a visit date in the future, or before the patient's birth;
 *   - any date or month field of the patient or the visit (top level or an array's sub-field)
 *     before the patient's birth (a month is before birth when its month is, so onset in the
 *     month of birth is allowed). A study's own date fields may lie in the future (a planned
 *     surgery, a next appointment): only birth and visit dates are refused for that.
 *
 * Soft warnings are the implausible: the write is refused until the user confirms each one by its
 * stable `code`:
 *   - `visit_date_order`: the visit's date is out of order against its number among the patient's
 *     live visits (an earlier number with a later date, or a later number with an earlier date);
 *   - `age_over_110`: the patient is older than 110 years at the visit date (or today, for a
 *     patient's birth date);
 *   - `soft_range:<field>` (`soft_range:<field>.<sub>` in an array's rows): a number outside the
 *     field's `validation.soft_min` / `soft_max`.
 * Dates are `YYYY-MM-DD` text (lib/dates/calendar-date.ts), so comparing them as text compares the
 * days; values that are not valid dates are the form engine's concern and are skipped here.
 */
import type { DataField } from "@/lib/schemas/study-config";
import { isCalendarDate, isCalendarMonth } from "@/lib/dates/calendar-date";
import { messageRef } from "@/lib/i18n/message-ref";
import { isEmptyValue, ownValue } from "./conditions";
import type { Loc, ValidationIssue } from "./validate-submission";

/** One soft warning: `code` is what the user confirms; `msg` a catalogue reference with its values. */
export type PlausibilityWarning = { code: string; loc: Loc; msg: string };

/** How a refused warning travels in a 422 `detail` list (decision 0024). */
export const WARNING_ISSUE_TYPE = "plausibility_warning";
/** How a hard plausibility error travels in a 422 `detail` list. */
export const ERROR_ISSUE_TYPE = "plausibility_error";

export const WARNING_CODES = {
  visitDateOrder: "visit_date_order",
  ageOver110: "age_over_110",
  softRange: (path: string) => `soft_range:${path}`,
} as const;

/** Ages above this many years are implausible (a soft warning). */
export const MAX_PLAUSIBLE_AGE = 110;

export const PLAUSIBILITY_MESSAGES = {
  birthInFuture: messageRef("api.plausibility.birthInFuture"),
  visitInFuture: messageRef("api.plausibility.visitInFuture"),
  visitBeforeBirth: (birth: string) => messageRef("api.plausibility.visitBeforeBirth", { birth }),
  beforeBirth: (label: string, birth: string) => messageRef("api.plausibility.beforeBirth", { label, birth }),
  birthAfterVisit: (date: string) => messageRef("api.plausibility.birthAfterVisit", { date }),
  visitDateOrder: (n: number, date: string) => messageRef("api.plausibility.visitDateOrder", { n, date }),
  ageOver110: (age: number) => messageRef("api.plausibility.ageOver110", { age, max: MAX_PLAUSIBLE_AGE }),
  softBelow: (label: string, value: number, min: number) =>
    messageRef("api.plausibility.softBelow", { label, value, min }),
  softAbove: (label: string, value: number, max: number) =>
    messageRef("api.plausibility.softAbove", { label, value, max }),
} as const;

/** Completed years between a birth date and a later date, both `YYYY-MM-DD`. */
export function ageInYears(birthDate: string, onDate: string): number {
  const years = Number(onDate.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return onDate.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** Over 110 means after the 110th birthday (the day itself is still 110); text order is day order. */
function isOverMaxAge(birthDate: string, onDate: string): boolean {
  const birthday = `${String(Number(birthDate.slice(0, 4)) + MAX_PLAUSIBLE_AGE).padStart(4, "0")}${birthDate.slice(4)}`;
  return onDate > birthday;
}

/** A date or month value before the birth date (a month by its month: the month of birth is fine). */
function isBeforeBirth(type: string, value: unknown, birthDate: string): boolean {
  if (typeof value !== "string") return false;
  if (type === "date") return isCalendarDate(value) && value < birthDate;
  if (type === "month") return isCalendarMonth(value) && value < birthDate.slice(0, 7);
  return false;
}

type Scalar = { type: string; label: string; soft_min?: number; soft_max?: number };
type Visit = (loc: Loc, field: Scalar, value: unknown, code: string) => void;

/** Every top-level value and every array row's sub-field value, with its loc and range code. */
function eachValue(
  fields: readonly DataField[],
  values: Record<string, unknown>,
  locPrefix: Loc,
  visit: Visit,
) {
  for (const field of fields) {
    if (!Object.hasOwn(values, field.name)) continue;
    const value = ownValue(values, field.name);
    const top = { type: field.type, label: field.label, ...field.validation };
    if (field.type !== "array") {
      visit([...locPrefix, field.name], top, value, field.name);
      continue;
    }
    if (!Array.isArray(value) || !field.schema) continue;
    value.forEach((row: unknown, index) => {
      if (typeof row !== "object" || row === null) return;
      for (const [key, sub] of Object.entries(field.schema ?? {})) {
        const subValue = ownValue(row, key);
        if (isEmptyValue(subValue)) continue;
        visit(
          [...locPrefix, field.name, index, key],
          { type: sub.type, label: sub.label, ...sub.validation },
          subValue,
          `${field.name}.${key}`,
        );
      }
    });
  }
}

/** Hard errors of a study's date and month fields before birth. */
export function fieldsBeforeBirth(
  fields: readonly DataField[],
  values: Record<string, unknown>,
  birthDate: string,
  locPrefix: Loc,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!isCalendarDate(birthDate)) return issues;
  eachValue(fields, values, locPrefix, (loc, field, value) => {
    if (isBeforeBirth(field.type, value, birthDate))
      issues.push({
        loc,
        msg: PLAUSIBILITY_MESSAGES.beforeBirth(field.label, birthDate),
        type: ERROR_ISSUE_TYPE,
      });
  });
  return issues;
}

/** Soft warnings of numbers outside their field's soft_min / soft_max. */
export function softRangeWarnings(
  fields: readonly DataField[],
  values: Record<string, unknown>,
  locPrefix: Loc,
): PlausibilityWarning[] {
  const warnings: PlausibilityWarning[] = [];
  eachValue(fields, values, locPrefix, (loc, field, value, path) => {
    if (field.type !== "number" || typeof value !== "number" || !Number.isFinite(value)) return;
    const msg =
      field.soft_min !== undefined && value < field.soft_min
        ? PLAUSIBILITY_MESSAGES.softBelow(field.label, value, field.soft_min)
        : field.soft_max !== undefined && value > field.soft_max
          ? PLAUSIBILITY_MESSAGES.softAbove(field.label, value, field.soft_max)
          : null;
    if (msg) warnings.push({ code: WARNING_CODES.softRange(path), loc, msg });
  });
  return warnings;
}

export type PatientPlausibilityInput = {
  today: string;
  birthDate: string;
  /** The patient's fields and their values (after the form engine's check). */
  fields: readonly DataField[];
  customFields: Record<string, unknown>;
  /** The patient's live visits' dates, when known (an edit of the birth date): none may precede it. */
  visitDates?: readonly string[];
  /** Where the body's keys are: ["body"] on the server, [] in a form. */
  locPrefix?: Loc;
};

export type PlausibilityResult = { errors: ValidationIssue[]; warnings: PlausibilityWarning[] };

export function patientPlausibility(input: PatientPlausibilityInput): PlausibilityResult {
  const prefix = input.locPrefix ?? [];
  const errors: ValidationIssue[] = [];
  const warnings: PlausibilityWarning[] = [];
  const birth = input.birthDate;
  if (!isCalendarDate(birth)) return { errors, warnings };
  if (birth > input.today)
    errors.push({
      loc: [...prefix, "birth_date"],
      msg: PLAUSIBILITY_MESSAGES.birthInFuture,
      type: ERROR_ISSUE_TYPE,
    });
  const firstVisit = [...(input.visitDates ?? [])].filter(isCalendarDate).sort()[0];
  if (firstVisit !== undefined && firstVisit < birth)
    errors.push({
      loc: [...prefix, "birth_date"],
      msg: PLAUSIBILITY_MESSAGES.birthAfterVisit(firstVisit),
      type: ERROR_ISSUE_TYPE,
    });
  // A birth date in the future is itself the error: its fields are not judged against it.
  if (birth <= input.today)
    errors.push(...fieldsBeforeBirth(input.fields, input.customFields, birth, [...prefix, "custom_fields"]));
  if (birth <= input.today && isOverMaxAge(birth, input.today))
    warnings.push({
      code: WARNING_CODES.ageOver110,
      loc: [...prefix, "birth_date"],
      msg: PLAUSIBILITY_MESSAGES.ageOver110(ageInYears(birth, input.today)),
    });
  warnings.push(...softRangeWarnings(input.fields, input.customFields, [...prefix, "custom_fields"]));
  return { errors, warnings };
}

export type VisitPlausibilityInput = {
  today: string;
  /** The patient's birth date (`YYYY-MM-DD`). */
  birthDate: string;
  visitDate: string;
  visitNumber: number;
  /** The patient's other live visits (never the visit itself). */
  otherVisits: readonly { visitNumber: number; visitDate: string }[];
  fields: readonly DataField[];
  dataFields: Record<string, unknown>;
  locPrefix?: Loc;
};

export function visitPlausibility(input: VisitPlausibilityInput): PlausibilityResult {
  const prefix = input.locPrefix ?? [];
  const errors: ValidationIssue[] = [];
  const warnings: PlausibilityWarning[] = [];
  const { birthDate: birth, visitDate: date } = input;
  const knownBirth = isCalendarDate(birth);
  const dateLoc = [...prefix, "visit_date"];
  if (isCalendarDate(date)) {
    if (date > input.today)
      errors.push({ loc: dateLoc, msg: PLAUSIBILITY_MESSAGES.visitInFuture, type: ERROR_ISSUE_TYPE });
    if (knownBirth && date < birth)
      errors.push({
        loc: dateLoc,
        msg: PLAUSIBILITY_MESSAGES.visitBeforeBirth(birth),
        type: ERROR_ISSUE_TYPE,
      });
    // The first visit that contradicts the order names itself, so the user knows which to check.
    const outOfOrder = [...input.otherVisits]
      .sort((a, b) => a.visitNumber - b.visitNumber)
      .find(
        (other) =>
          (other.visitNumber < input.visitNumber && other.visitDate > date) ||
          (other.visitNumber > input.visitNumber && other.visitDate < date),
      );
    if (outOfOrder)
      warnings.push({
        code: WARNING_CODES.visitDateOrder,
        loc: dateLoc,
        msg: PLAUSIBILITY_MESSAGES.visitDateOrder(outOfOrder.visitNumber, outOfOrder.visitDate),
      });
    if (knownBirth && date >= birth && isOverMaxAge(birth, date))
      warnings.push({
        code: WARNING_CODES.ageOver110,
        loc: dateLoc,
        msg: PLAUSIBILITY_MESSAGES.ageOver110(ageInYears(birth, date)),
      });
  }
  if (knownBirth)
    errors.push(...fieldsBeforeBirth(input.fields, input.dataFields, birth, [...prefix, "data_fields"]));
  warnings.push(...softRangeWarnings(input.fields, input.dataFields, [...prefix, "data_fields"]));
  return { errors, warnings };
}

/** The warnings the user has not confirmed (by code). */
export function unconfirmedWarnings(
  warnings: readonly PlausibilityWarning[],
  confirmed: readonly string[] | undefined,
): PlausibilityWarning[] {
  const codes = new Set(confirmed ?? []);
  return warnings.filter((warning) => !codes.has(warning.code));
}

/** A warning as a 422 `detail` entry: its loc, message, type and code. */
export function warningIssue(warning: PlausibilityWarning): ValidationIssue & { code: string } {
  return { loc: warning.loc, msg: warning.msg, type: WARNING_ISSUE_TYPE, code: warning.code };
}
