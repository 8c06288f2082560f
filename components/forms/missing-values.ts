import { readMissingMap, type MissingMap } from "@/lib/forms";

/**
 * Where the capture forms keep the missing-data codes (docs/decisions/0023) beside the values:
 * one react-hook-form key that no study field can take (field names start with a lowercase letter).
 */
export const MISSING_FORM_KEY = "__missing";

export const missingPath = (name: string) => `${MISSING_FORM_KEY}.${name}`;

/** The form's values without the codes, and the codes as a map of strings. */
export function splitMissing(values: Record<string, unknown>): {
  values: Record<string, unknown>;
  missing: MissingMap;
} {
  const { [MISSING_FORM_KEY]: raw, ...rest } = values;
  const missing: MissingMap = {};
  for (const [name, code] of Object.entries(readMissingMap(raw)))
    if (typeof code === "string" && code !== "") missing[name] = code;
  return { values: rest, missing };
}

/**
 * The `missing` object to send: the codes given, and `null` for every code the record had that the
 * user took away, so that the server's merge (lib/forms/missing-codes.ts) clears it.
 */
export function missingToSend(
  missing: MissingMap,
  stored: Record<string, string> | undefined,
): Record<string, string | null> {
  const sent: Record<string, string | null> = { ...missing };
  for (const name of Object.keys(stored ?? {})) if (!Object.hasOwn(missing, name)) sent[name] = null;
  return sent;
}
