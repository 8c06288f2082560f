import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import {
  isFieldEnabled,
  isFieldVisible,
  mergeMissing,
  validateSubmission,
  type MissingMap,
} from "@/lib/forms";
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
 *
 * Missing-data codes (docs/decisions/0023) are merged the same way (lib/forms/missing-codes.ts
 * mergeMissing: a value sent replaces a stored code and a code sent replaces a stored value) and
 * judged by the same engine call; they are kept or dropped exactly as values are.
 */
export type CodedValues = {
  /** Submitted and stored missing-data codes (field → code). */
  missing?: unknown;
  storedMissing?: Record<string, string>;
  /** The codes the study offers. */
  codes: readonly string[];
  /** Where the `missing` map sits in the request (`["body", "missing"]`). */
  missingLoc: string[];
};

export function checkFieldValues(
  fields: readonly DataField[],
  submitted: Record<string, unknown>,
  stored: Record<string, unknown>,
  locPrefix: string[],
  coded: CodedValues,
): { values: Record<string, unknown>; missing: MissingMap } {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(submitted)) {
    if (!byName.has(key))
      issues.push({ loc: [...locPrefix, key], msg: UNKNOWN_FIELD, type: "unknown_field" });
  }
  const sentMissing = coded.missing ?? {};
  if (typeof sentMissing === "object" && sentMissing !== null) {
    for (const key of Object.keys(sentMissing)) {
      if (!byName.has(key))
        issues.push({ loc: [...coded.missingLoc, key], msg: UNKNOWN_FIELD, type: "unknown_field" });
    }
  }
  const merged = mergeMissing(
    { values: stored, missing: coded.storedMissing ?? {} },
    { values: submitted, missing: sentMissing },
  );
  const result = validateSubmission(fields, merged.values, {
    locPrefix,
    missing: merged.missing,
    missingCodes: coded.codes,
    missingLocPrefix: coded.missingLoc,
  });
  issues.push(
    ...result.issues,
    ...result.unknownKeys
      .filter((key) => key.includes(".") && Object.hasOwn(submitted, key.split(".")[0]!))
      .map((key) => ({ loc: [...locPrefix, ...key.split(".")], msg: UNKNOWN_FIELD, type: "unknown_field" })),
  );
  if (issues.length > 0) throw validationError(issues);
  const values: Record<string, unknown> = { ...result.values };
  const missing: MissingMap = { ...result.missing };
  const untouchable = (key: string) => {
    const field = byName.get(key);
    return !field || (isFieldVisible(field, values) && !isFieldEnabled(field, values));
  };
  for (const [key, value] of Object.entries(stored)) {
    if (Object.hasOwn(values, key) || Object.hasOwn(missing, key)) continue;
    // defineProperty: a stored key named __proto__ stays data.
    if (untouchable(key))
      Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
  }
  for (const [key, code] of Object.entries(coded.storedMissing ?? {})) {
    if (Object.hasOwn(values, key) || Object.hasOwn(missing, key)) continue;
    if (untouchable(key))
      Object.defineProperty(missing, key, {
        value: code,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return { values, missing };
}
