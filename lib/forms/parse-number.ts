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
 *   - No "+", no trailing "." ("5."), no hex/octal/binary ("0x10"), no "Infinity"/"NaN": none is what
 *     a number input produces, and Number() would silently accept most of them.
 *   - Exponents are allowed ("1e3"): unambiguous, valid in JSON, and produced by number inputs.
 *   - Leading zeros are allowed ("007" is 7): unambiguous in decimal.
 * Numeric text is accepted (not only JSON numbers) because select and radio options are strings
 * ("3") that studies compare and add up; validateSubmission stores a number field's numeric text as
 * the number, so stored data keeps its type.
 */

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
