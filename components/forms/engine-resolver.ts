import { get, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import { validateSubmission } from "@/lib/forms";
import type { DataField } from "@/lib/schemas/study-config";
import { MISSING_FORM_KEY, splitMissing } from "./missing-values";

/** Dotted path errors ("biologic_history.0.drug") → react-hook-form's nested error object. */
export function nestErrors(flat: Record<string, string>): FieldErrors {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split(".");
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = { type: "validate", message };
        return;
      }
      const next = node[part];
      node[part] = next && typeof next === "object" ? next : /^\d+$/.test(parts[index + 1] ?? "") ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root as FieldErrors;
}

/** The engine's judgement of the form's values and its missing-data codes (decision 0023). */
export function validateForm(
  fields: readonly DataField[],
  form: Record<string, unknown>,
  codes: readonly string[],
) {
  const { values, missing } = splitMissing(form);
  return validateSubmission(fields, values, { missing, missingCodes: codes });
}

/**
 * The form engine as react-hook-form's resolver: the very rules the server applies on every write
 * (visibility, required, messages, missing-data codes), so the browser and the server never
 * disagree. The kept codes travel on under MISSING_FORM_KEY.
 */
export function engineResolver<T extends FieldValues>(
  fields: DataField[],
  codes: readonly string[] = [],
): Resolver<T> {
  return async (values) => {
    const result = validateForm(fields, values, codes);
    if (result.ok)
      return { values: { ...result.values, [MISSING_FORM_KEY]: result.missing } as unknown as T, errors: {} };
    return { values: {}, errors: nestErrors(result.errors) as FieldErrors<T> };
  };
}

/** The message at a form path, if any. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const entry: unknown = get(errors, path);
  return entry && typeof entry === "object" && "message" in entry && typeof entry.message === "string"
    ? entry.message
    : undefined;
}
