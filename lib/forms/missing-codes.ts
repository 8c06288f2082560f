/**
 * Missing-data codes (docs/decisions/0023): the study's list, and the engine's reading of a
 * `missing` map (field name → code) submitted beside the values. Pure: the browser form and the
 * server's check of every write share it through validate-submission.ts.
 */
import { messageRef } from "@/lib/i18n/message-ref";
import type { Locale } from "@/lib/i18n/locales";
import { DEFAULT_MISSING_CODES, type MissingCode } from "@/lib/schemas/study-config";
import { wordsIn, type StudyText } from "@/lib/schemas/study-text";

/** Field name → code; only own string entries count. */
export type MissingMap = Record<string, string>;

function defineOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

type CodeList = { missing_codes?: readonly { code: string; label: StudyText }[] | undefined };

/**
 * The codes a study offers, labels in the reader's language: its document's list, or the five
 * defaults when it names none (a document in one language already has its labels as strings).
 */
export function missingCodesOf(config: CodeList, locale: Locale): MissingCode[] {
  return (config.missing_codes ?? DEFAULT_MISSING_CODES).map((entry) => ({
    code: entry.code,
    label: wordsIn(entry.label, locale),
  }));
}

/** Just the codes (the server's check needs no words). */
export function missingCodeList(config: CodeList): string[] {
  return (config.missing_codes ?? DEFAULT_MISSING_CODES).map((entry) => entry.code);
}

/** Catalogue references (decision 0021): field-level messages the form and the API both show. */
export const MISSING_MESSAGES = {
  codeAndValue: (label: string) => messageRef("api.missing.codeAndValue", { label }),
  unknownCode: (label: string, code: string) => messageRef("api.missing.unknownCode", { label, code }),
} as const;

/**
 * The map as submitted, read defensively: a non-object is no map, a `null` entry means "no code"
 * (the API's way to clear a stored code) and is left out. Other non-string entries are kept as
 * text so the engine can refuse them as unknown codes rather than silently dropping them.
 */
export function readMissingMap(input: unknown): Record<string, unknown> {
  const map: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (typeof input !== "object" || input === null || Array.isArray(input)) return map;
  for (const key of Object.keys(input)) {
    const value = (input as Record<string, unknown>)[key];
    if (value === null || value === undefined) continue;
    defineOwn(map, key, value);
  }
  return map;
}

/**
 * Stored and submitted maps and values merged as one update: a submitted value for a field replaces
 * its stored code, a submitted code replaces its stored value, a submitted `null` code clears one.
 * What is left is what the engine judges (a code and a value sent together stay, to be refused).
 */
export function mergeMissing(
  stored: { values: Record<string, unknown>; missing: Record<string, unknown> },
  submitted: { values: Record<string, unknown>; missing: unknown },
): { values: Record<string, unknown>; missing: Record<string, unknown> } {
  const sentMissing =
    typeof submitted.missing === "object" && submitted.missing !== null && !Array.isArray(submitted.missing)
      ? (submitted.missing as Record<string, unknown>)
      : {};
  // Spread and defineOwn define own properties: a field named __proto__ stays data.
  const values: Record<string, unknown> = { ...stored.values };
  const missing: Record<string, unknown> = { ...stored.missing };
  for (const key of Object.keys(sentMissing)) {
    if (sentMissing[key] === null) delete missing[key];
    else {
      defineOwn(missing, key, sentMissing[key]);
      if (!Object.hasOwn(submitted.values, key)) delete values[key];
    }
  }
  for (const key of Object.keys(submitted.values)) {
    defineOwn(values, key, submitted.values[key]);
    if (!Object.hasOwn(sentMissing, key)) delete missing[key];
  }
  return { values, missing: readMissingMap(missing) };
}

/** The label to show for a code ("UNK · Unknown"), or the bare code when the study lost it. */
export function missingCodeText(codes: readonly { code: string; label: string }[], code: string): string {
  const found = codes.find((entry) => entry.code === code);
  return found ? `${found.code} · ${found.label}` : code;
}
