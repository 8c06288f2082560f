/**
 * How one stored value becomes the text of `ItemData/@Value` (decision 0016), already escaped for XML.
 * `null` means "no value": the writer then emits no ItemData at all (ODM has no empty Value).
 *
 * Values are formatted by what they are, led by the item's kind: the registry validates answers on
 * write, but a field whose type changed keeps its older answers, and an export must not drop or
 * garble them. A value that does not fit its kind is still exported, as its plain text.
 */
import { escapeXml } from "./xml-escape";

/** How a stored value is read for one ItemDef; see `docs/odm-export.md` for the DataType of each. */
export type OdmValueKind =
  | "text"
  | "integer"
  | "float"
  | "boolean"
  | "date"
  | "partialDate"
  /** multiselect and array answers: the JSON text of the stored value. */
  | "json"
  /** custom_expression results: whatever the expression gave. */
  | "any";

const ISO_DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * A finite number in plain decimal, as ODM's float and integer lexical forms want: never the
 * exponent notation `String()` gives below 1e-6 and from 1e21 on. `-0` is `0`.
 */
export function plainDecimal(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  if (value === 0) return "0";
  const text = String(value);
  const e = text.indexOf("e");
  if (e === -1) return text;
  const negative = text.startsWith("-");
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf(".");
  const digits = point === -1 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  // Where the decimal point lands, counted in digits from the left of `digits`.
  const at = (point === -1 ? mantissa.length : point) + exponent;
  let plain: string;
  if (at <= 0) plain = "0." + "0".repeat(-at) + digits;
  else if (at >= digits.length) plain = digits + "0".repeat(at - digits.length);
  else plain = digits.slice(0, at) + "." + digits.slice(at);
  return negative ? "-" + plain : plain;
}

/** Objects and arrays as JSON text; empty ones are "no value" like an empty string. */
function jsonValue(value: object): string | null {
  if (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0) return null;
  return escapeXml(JSON.stringify(value));
}

/** A value of any shape, by what it is. */
function anyValue(value: unknown): string | null {
  switch (typeof value) {
    case "string":
      return value === "" ? null : escapeXml(value);
    case "number":
      return plainDecimal(value);
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return value.toString();
    case "object":
      return value === null ? null : jsonValue(value);
    default:
      return null;
  }
}

/** The escaped Value text of `value` read as `kind`, or null when there is nothing to emit. */
export function formatOdmValue(kind: OdmValueKind, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "date":
      // Calendar dates are stored as YYYY-MM-DD; an instant keeps its date part.
      if (typeof value === "string" && ISO_DATE_PREFIX.test(value)) {
        return value.length === 10 ? value : escapeXml(value.slice(0, 10));
      }
      return anyValue(value);
    case "json":
      return typeof value === "object" ? jsonValue(value) : anyValue(value);
    case "text":
      // A number or boolean in a text field is written as its text, not as JSON.
      if (typeof value === "string") return value === "" ? null : escapeXml(value);
      return anyValue(value);
    default:
      // integer, float, boolean, partialDate, any: the value's own form is the right one.
      return anyValue(value);
  }
}
