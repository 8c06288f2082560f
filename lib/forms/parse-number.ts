/**
 * THE rule for "is this value a number, and which one?" — used by conditions (gt/gte/lt/lte and the
 * number↔string equality of eq/in), by the calculations that read numbers (threshold, sum, average,
 * improvement_percentage) and by the validation of number fields. One rule, so a value can never be
 * a number for a condition, text for validation and a number again for a calculation.
 * (custom_expression is not covered: it follows Python's typing, where "12" is a str.)
 *
 * A value is a number when it is
 *   - a JavaScript number that is finite (NaN, Infinity and -Infinity are not numbers), or
 *   - a string of at most MAX_NUMBER_TEXT_LENGTH characters that is, in its entirety, a decimal
 *     literal in the grammar of HTML's "valid floating-point number" (what a browser's number input
 *     produces):   -?(digits(.digits)? | .digits)([eE][+-]?digits)?
 *     and whose value is finite ("1e999" is not a number).
 * Nothing else is: booleans, null, arrays, objects, and strings with anything else in them.
 *
 * Why this strict (a clinical registry must not guess what a value meant):
 *   - No whitespace, anywhere, not even around the number: " 12" is not 12. Our number input never
 *     produces it, so it came from elsewhere (an import, a hand-written API call) and the sender must
 *     fix it. Trimming would also add a second rule — which characters count as space differs between
 *     JavaScript (NBSP, U+FEFF…), Python and PostgreSQL.
 *   - No thousands separators or decimal commas: "1,500" is 1.5 in some locales and 1500 in others.
 *     (What a person types in Italian is read into a number first: parseTypedNumber below.)
 *   - No "+", no trailing "." ("5."), no hex/octal/binary ("0x10"), no "Infinity"/"NaN": none is what
 *     a number input produces, and Number() would silently accept most of them.
 *   - Exponents are allowed ("1e3"): unambiguous, valid in JSON, and produced by number inputs.
 *   - Leading zeros are allowed ("007" is 7): unambiguous in decimal.
 * Numeric text is accepted (not only JSON numbers) because select and radio options are strings
 * ("3") that studies compare and add up; validateSubmission stores a number field's numeric text as
 * the number, so stored data keeps its type.
 */

import type { Locale } from "@/lib/i18n/locales";

/** Longer text is never a number: bounds the work and no clinical value needs more characters. */
export const MAX_NUMBER_TEXT_LENGTH = 100;

const DECIMAL_NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number this value stands for under the rule above, or undefined when it is not a number. */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.length > MAX_NUMBER_TEXT_LENGTH) return undefined;
  if (!DECIMAL_NUMBER.test(value)) return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

// A decimal comma in place of the point (Italian), in the same grammar as DECIMAL_NUMBER.
const DECIMAL_COMMA_NUMBER = /^-?(?:\d+(?:,\d+)?|,\d+)(?:[eE][+-]?\d+)?$/;
// "1.500" reads as one thousand five hundred to an Italian (the point groups thousands there) and
// as one and a half to an English reader: a point before exactly three digits, after a whole part
// that could be a first group (1 to 3 digits, not 0), is not taken as a decimal point in Italian.
const ITALIAN_THOUSANDS = /^-?[1-9]\d{0,2}\.\d{3}(?:[eE]|$)/;

/**
 * A number typed by a person in their language (docs/decisions/0021), or undefined when the text
 * is not one. Spaces around the text are dropped (the field's value is the number, not the text);
 * after that it is parseNumber's rule, with the locale's decimal separator:
 *   - English: the point only ("1.5"); "1,5" and "1,500" are refused, as before.
 *   - Italian: the comma ("1,5" is 1.5), or the point where it cannot be a thousands separator
 *     ("1.5", "0.500", "1.2345" yes; "1.500" no: 1500 or 1.5?). Never both, never grouping.
 * What is stored is the number, so the server's rule (parseNumber) never sees a comma.
 */
export function parseTypedNumber(text: string, locale: Locale): number | undefined {
  const trimmed = text.trim();
  if (locale === "it") {
    if (DECIMAL_COMMA_NUMBER.test(trimmed)) return parseNumber(trimmed.replace(",", "."));
    if (ITALIAN_THOUSANDS.test(trimmed)) return undefined;
  }
  return parseNumber(trimmed);
}
