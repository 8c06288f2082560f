/**
 * Python's str() and repr() for engine values. Pure: no I/O.
 */
import {
  checkLength,
  dictKeys,
  dictLookup,
  isList,
  PyDict,
  type PyValue,
  type Work,
  fail,
} from "./py-values";

/** Containers nested deeper than this are refused (a host object may even contain itself). */
const MAX_REPR_DEPTH = 100;

/**
 * Python's float repr: the shortest digits that round-trip (JS computes the same digits), laid out
 * in fixed notation when the decimal exponent is in [-5, 16) and in scientific notation otherwise.
 */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const [mantissa = "0", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : "";
    const expDigits = String(Math.abs(exponent)).padStart(2, "0");
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? "-" : "+"}${expDigits}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.padEnd(exponent + 1, "0").slice(0, exponent + 1);
  return `${sign}${whole}.${digits.slice(exponent + 1) || "0"}`;
}

/** Python's repr of a str: single quotes unless the text has a ' and no ". */
export function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\\") out += "\\\\";
    else if (char === quote) out += `\\${quote}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code < 0x20 || (code >= 0x7f && code <= 0xa0)) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += char;
  }
  return out + quote;
}

export function pyStr(value: PyValue, work: Work): string {
  return typeof value === "string" ? value : pyRepr(value, work);
}

export function pyRepr(value: PyValue, work: Work): string {
  const parts: string[] = [];
  let length = 0;
  const emit = (text: string) => {
    length += text.length;
    checkLength(length);
    work.charge(text.length);
    parts.push(text);
  };
  const visit = (item: PyValue, depth: number): void => {
    work.charge();
    if (depth > MAX_REPR_DEPTH) fail("RecursionError", "maximum recursion depth exceeded in repr");
    if (item === null) return emit("None");
    switch (typeof item) {
      case "boolean":
        return emit(item ? "True" : "False");
      case "bigint":
        return emit(item.toString());
      case "number":
        return emit(floatRepr(item));
      case "string":
        return emit(stringRepr(item));
    }
    if (item instanceof PyDict) {
      emit("{");
      dictKeys(item).forEach((key, index) => {
        emit(`${index > 0 ? ", " : ""}${stringRepr(key)}: `);
        visit(dictLookup(item, key).value, depth + 1);
      });
      return emit("}");
    }
    if (isList(item)) {
      emit("[");
      item.forEach((element, index) => {
        if (index > 0) emit(", ");
        visit(element, depth + 1);
      });
      emit("]");
    }
  };
  visit(value, 0);
  return parts.join("");
}
