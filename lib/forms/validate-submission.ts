/**
 * Validation of a whole set of submitted values against a list of fields: the server's check of
 * every patient `custom_fields` and visit `data_fields` write, and the browser form's resolver
 * (components/forms/engine-resolver.ts), so both apply the same rules.
 *
 * The server never trusts the client's idea of what is shown: visibility and enablement are
 * recomputed here from the submitted values themselves. Hidden and disabled fields are not validated
 * and their values are dropped, repeatedly until nothing changes, because dropping one value can hide
 * another field (naive_biologic → failed_biologics → biologic_history in the demo study).
 *
 * Missing-data codes (docs/decisions/0023) travel beside the values as `missing` (field → code): a
 * code satisfies `required`, a field with a code is empty to every condition, a code for a hidden
 * or disabled field is dropped like its value, and a code together with a value, or a code the
 * study does not offer, is a field-level issue.
 */
import type { DataField, SubField } from "@/lib/schemas/study-config";
import { isEmptyValue, ownValue } from "./conditions";
import { fieldState, isFieldEnabled, isFieldVisible } from "./field-state";
import { MISSING_MESSAGES, readMissingMap, type MissingMap } from "./missing-codes";
import { parseNumber } from "./parse-number";
import { validateFieldValue } from "./validate-field";

export type Loc = (string | number)[];

/** One entry of the 422 `detail` list (decision 0002). */
export type ValidationIssue = { loc: Loc; msg: string; type: string };

export type SubmissionResult = {
  ok: boolean;
  /** Only keys of visible, enabled fields; array rows keep only their schema's sub-fields. */
  values: Record<string, unknown>;
  /** Message by dotted path (`field`, `field.0.sub`), first message per path: for react-hook-form. */
  errors: Record<string, string>;
  issues: ValidationIssue[];
  /** Submitted keys that are no field of the list (`key`, or `field.row.key` inside array rows). */
  unknownKeys: string[];
  /** The codes kept: only for visible, enabled fields, only codes the study offers. */
  missing: MissingMap;
  /** Keys of `missing` that are no field of the list. */
  unknownMissingKeys: string[];
};

export type SubmissionOptions = {
  locPrefix?: readonly (string | number)[];
  /** Field name → missing-data code, beside the values. */
  missing?: unknown;
  /** The codes the study offers (missingCodesOf); without it no code is accepted. */
  missingCodes?: readonly string[];
  /** Where an unknown code is reported (the API's `body.missing`); the value's path otherwise. */
  missingLocPrefix?: readonly (string | number)[];
};

type Entry = { field: DataField; value: unknown };

/** Plain assignment to a key named __proto__ would change the prototype instead of adding data. */
function defineOwn(record: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A number field's value as stored: numeric text ("12", valid under the shared rule of
 * parse-number.ts) becomes the number, so stored data keeps its type whatever the client sent.
 */
function storedNumber(type: string, value: unknown): unknown {
  if (type !== "number" || typeof value !== "string") return value;
  return parseNumber(value) ?? value;
}

/** Own property only: a sub-field called __proto__ must not reach the prototype. */
function subFieldType(field: DataField, key: string): string {
  const subField = ownValue(field.schema, key) as SubField | undefined;
  return subField?.type ?? "";
}

/**
 * Keep only the rows' schema keys (with no schema there is nothing to check against, keep as is);
 * number values, top-level or in rows, are stored as numbers.
 */
function cleanValue(field: DataField, value: unknown, unknownKeys: string[]): unknown {
  const subFields = Object.keys(field.schema ?? {});
  if (field.type !== "array" || subFields.length === 0 || !Array.isArray(value))
    return storedNumber(field.type, value);
  return value.map((row: unknown, index) => {
    if (typeof row !== "object" || row === null || Array.isArray(row)) return row;
    for (const key of Object.keys(row)) {
      if (!subFields.includes(key)) unknownKeys.push(`${field.name}.${index}.${key}`);
    }
    // Object.fromEntries defines own properties, so a sub-field named __proto__ stays data.
    return Object.fromEntries(
      subFields
        .filter((key) => ownValue(row, key) !== undefined)
        .map((key) => [key, storedNumber(subFieldType(field, key), ownValue(row, key))]),
    );
  });
}

/**
 * Drop hidden or disabled fields' values until the remaining values are self-consistent. Fields are
 * visited in list order and a value is dropped at once, so a chain ordered as configured (controller
 * before dependants) settles in one pass; each further pass drops at least one value or stops.
 */
function keepActiveValues(active: Map<string, Entry>): Record<string, unknown> {
  // No prototype: a field named __proto__ is an ordinary key here.
  const current: Record<string, unknown> = Object.create(null);
  for (const [name, entry] of active) current[name] = entry.value;
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, { field }] of active) {
      if (isFieldVisible(field, current) && isFieldEnabled(field, current)) continue;
      active.delete(name);
      delete current[name];
      changed = true;
    }
  }
  return current;
}

export function validateSubmission(
  fields: readonly DataField[],
  values: Record<string, unknown>,
  options: SubmissionOptions = {},
): SubmissionResult {
  const locPrefix = options.locPrefix ?? [];
  const byName = new Map<string, DataField>();
  for (const field of fields) if (!byName.has(field.name)) byName.set(field.name, field);

  const unknownKeys: string[] = [];
  const active = new Map<string, Entry>();
  const input: object = typeof values === "object" && values !== null && !Array.isArray(values) ? values : {};
  for (const key of Object.keys(input)) if (!byName.has(key)) unknownKeys.push(key);
  const codes = readMissingMap(options.missing);
  const unknownMissingKeys = Object.keys(codes).filter((key) => !byName.has(key));
  const issues: ValidationIssue[] = [];
  const errors: Record<string, string> = {};
  const report = (loc: Loc, path: (string | number)[], msg: string, type: string) => {
    issues.push({ loc, msg, type });
    const key = path.join(".");
    if (!Object.hasOwn(errors, key)) defineOwn(errors, key, msg);
  };
  // In field order, not submission order, so the result never depends on the JSON's key order.
  // Number text is read as its number before any condition sees it: conditions then judge the
  // values as they will be stored, so re-validating stored data gives the same answer.
  for (const [name, field] of byName) {
    if (!Object.hasOwn(input, name)) continue;
    const value = storedNumber(field.type, ownValue(input, name));
    // A field answered with a code is empty to conditions: its value (if any) is refused below.
    if (Object.hasOwn(codes, name)) {
      if (!isEmptyValue(value))
        report(
          [...locPrefix, name],
          [name],
          MISSING_MESSAGES.codeAndValue(field.label),
          "missing_code_and_value",
        );
      continue;
    }
    active.set(name, { field, value });
  }

  const kept = keepActiveValues(active);
  const cleanEntries: [string, unknown][] = [];
  const missing: MissingMap = {};
  const allowed = new Set(options.missingCodes ?? []);
  const missingLoc = options.missingLocPrefix ?? locPrefix;

  for (const [name, field] of byName) {
    const state = fieldState(field, kept);
    if (!state.visible || !state.enabled) continue;
    if (Object.hasOwn(codes, name)) {
      const code = codes[name];
      if (typeof code === "string" && allowed.has(code)) defineOwn(missing, name, code);
      else
        report(
          [...missingLoc, name],
          [name],
          MISSING_MESSAGES.unknownCode(field.label, String(code)),
          "unknown_missing_code",
        );
      continue;
    }
    const value = ownValue(kept, name);
    if (Object.hasOwn(kept, name)) cleanEntries.push([name, cleanValue(field, value, unknownKeys)]);
    for (const found of validateFieldValue(field, value, { required: state.required })) {
      const path = [name, ...found.path];
      report([...locPrefix, ...path], path, found.msg, found.type);
    }
  }

  return {
    ok: issues.length === 0,
    values: Object.fromEntries(cleanEntries),
    errors,
    issues,
    unknownKeys,
    missing,
    unknownMissingKeys,
  };
}
