import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { isFieldEnabled, isFieldVisible, validateSubmission } from "@/lib/forms";
import type { DataField } from "@/lib/schemas/study-config";
import { validationError, type ValidationIssue } from "../api/errors";

const UNKNOWN_FIELD = messageRef("api.clinical.unknownField");

/**
 * The study's check of a patient's custom_fields or a visit's data_fields (decision 0006),
 * on create and on update alike. The submitted values are merged over the stored ones (never a blind
 * replace), the form engine validates the result and drops hidden and disabled values, and then the
 * stored values it may not touch are put back: those of fields that are disabled now (the user could
 * not edit them) and of keys that are no field any more (a field removed from the configuration keeps
 * its recorded data). Submitted keys that are no field answer 422, so a typo is never lost silently.
 */
export function checkFieldValues(
  fields: readonly DataField[],
  submitted: Record<string, unknown>,
  stored: Record<string, unknown>,
  locPrefix: string[],
): Record<string, unknown> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(submitted)) {
    if (!byName.has(key))
      issues.push({ loc: [...locPrefix, key], msg: UNKNOWN_FIELD, type: "unknown_field" });
  }
  const merged = { ...stored, ...submitted };
  const result = validateSubmission(fields, merged, { locPrefix });
  issues.push(
    ...result.issues,
    ...result.unknownKeys
      .filter((key) => key.includes(".") && Object.hasOwn(submitted, key.split(".")[0]!))
      .map((key) => ({ loc: [...locPrefix, ...key.split(".")], msg: UNKNOWN_FIELD, type: "unknown_field" })),
  );
  if (issues.length > 0) throw validationError(issues);
  const values: Record<string, unknown> = { ...result.values };
  for (const [key, value] of Object.entries(stored)) {
    if (Object.hasOwn(values, key)) continue;
    const field = byName.get(key);
    const keep = !field || (isFieldVisible(field, values) && !isFieldEnabled(field, values));
    // defineProperty: a stored key named __proto__ stays data.
    if (keep)
      Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return values;
}
