import { get, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import { validateSubmission } from "@/lib/forms";
import type { DataField } from "@/lib/schemas/study-config";

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

/**
 * The form engine as react-hook-form's resolver: the very rules the server applies on every write
 * (visibility, required, messages), so the browser and the server never disagree.
 */
export function engineResolver<T extends FieldValues>(fields: DataField[]): Resolver<T> {
  return async (values) => {
    const result = validateSubmission(fields, values);
    if (result.ok) return { values: result.values as T, errors: {} };
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
