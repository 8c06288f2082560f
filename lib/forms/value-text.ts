import type { Formatter } from "@/lib/i18n/format";

/** What the text of a recorded value reads of its field: its type and its options' labels. */
export type ShownField = { type: string; options?: readonly { value: string; label: string }[] };

/** Nothing recorded: empty, an empty text, an empty list. An unanswered boolean is this too. */
export const isUnanswered = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

/**
 * The text of one recorded scalar or list of options (docs/decisions/0028), shared by the patient
 * page and the casebook PDF (docs/decisions/0035): dates and numbers in the reader's format, options
 * by their label, booleans in the form's words; objects (not expected here) as JSON, never dropped.
 */
export function valueText(
  field: ShownField,
  value: unknown,
  yesNo: { yes: string; no: string },
  fmt: Formatter,
): string {
  const label = (v: unknown) => field.options?.find((o) => o.value === v)?.label ?? String(v);
  if (typeof value === "boolean") return value ? yesNo.yes : yesNo.no;
  if (typeof value === "number") return fmt.exact(value);
  if (typeof value === "string" && field.type === "date") return fmt.date(value);
  if (typeof value === "string" && field.type === "month") return fmt.month(value);
  if (Array.isArray(value))
    return value.map((v) => (typeof v === "object" ? JSON.stringify(v) : label(v))).join(", ");
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return label(value);
}

/**
 * A calculation's stored result as the visit forms show it: a whole number as is, a fraction to two
 * places, a boolean in the form's words, no value as a dash (its reason is told beside it).
 */
export function calculatedText(
  value: number | boolean | string | null,
  labels: { yes: string; no: string },
  fmt: Formatter,
): string {
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? labels.yes : labels.no;
  if (typeof value === "number") {
    const places = Number.isInteger(value) ? 0 : 2;
    return fmt.number(value, {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      useGrouping: false,
    });
  }
  return value;
}
