/**
 * Python numeric semantics on top of bigint (int) and number (float): floor division and modulo,
 * int/float mixing, ** rules, banker's round() on the exact binary value, int()/float() parsing.
 * Pure: no I/O.
 */
import { positivePow } from "./float-pow";
import { fail } from "./py-values";

/** ints are capped so that `10 ** 10 ** 6` fails fast instead of eating memory and time. */
export const MAX_INT_BITS = 4096;
const INT_LIMIT = 1n << BigInt(MAX_INT_BITS);
/** CPython refuses to convert longer digit strings to int, for the same reason. */
const MAX_INT_DIGITS = 4300;

export function checkInt(value: bigint): bigint {
  if (value >= INT_LIMIT || value <= -INT_LIMIT) {
    fail("OverflowError", `integer is too large (maximum ${MAX_INT_BITS} bits)`);
  }
  return value;
}

export function intToFloat(value: bigint): number {
  const result = Number(value); // rounds half to even, like Python
  if (!Number.isFinite(result)) fail("OverflowError", "int too large to convert to float");
  return result;
}

export function toFloat(value: bigint | number): number {
  return typeof value === "bigint" ? intToFloat(value) : value;
}

function bitLength(value: bigint): number {
  return value === 0n ? 0 : (value < 0n ? -value : value).toString(2).length;
}

/** x * 2**exponent without overflowing the intermediate power of two. */
function scaleByPowerOfTwo(value: number, exponent: number): number {
  let result = value;
  let rest = exponent;
  while (rest > 1000) [result, rest] = [result * 2 ** 1000, rest - 1000];
  while (rest < -1000) [result, rest] = [result * 2 ** -1000, rest + 1000];
  return result * 2 ** rest;
}

export function intFloorDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) fail("ZeroDivisionError", "integer division or modulo by zero");
  const quotient = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? quotient - 1n : quotient;
}

export function intMod(a: bigint, b: bigint): bigint {
  if (b === 0n) fail("ZeroDivisionError", "integer division or modulo by zero");
  const rest = a % b;
  return rest !== 0n && rest < 0n !== b < 0n ? rest + b : rest;
}

/** int / int, correctly rounded even when the operands do not fit in a float. */
export function intTrueDiv(a: bigint, b: bigint): number {
  if (b === 0n) fail("ZeroDivisionError", "division by zero");
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  if (a <= safe && a >= -safe && b <= safe && b >= -safe) return Number(a) / Number(b);
  const negative = a < 0n !== b < 0n;
  const [top, bottom] = [a < 0n ? -a : a, b < 0n ? -b : b];
  // Scale so that the quotient has at least 55 bits; a sticky low bit then makes Number() round right.
  const shift = 55 - (bitLength(top) - bitLength(bottom));
  const [num, den] = shift >= 0 ? [top << BigInt(shift), bottom] : [top, bottom << BigInt(-shift)];
  let quotient = num / den;
  if (num % den !== 0n) quotient |= 1n;
  const result = scaleByPowerOfTwo(Number(quotient), -shift);
  if (!Number.isFinite(result)) fail("OverflowError", "integer division result too large for a float");
  return negative ? -result : result;
}

export function floatTrueDiv(a: number, b: number): number {
  if (b === 0) fail("ZeroDivisionError", "division by zero");
  return a / b;
}

/** CPython's float_divmod, so that signs and -0.0 come out as Python's. */
export function floatDivMod(a: number, b: number): [number, number] {
  if (b === 0) fail("ZeroDivisionError", "float divmod by zero");
  let mod = a % b; // JS % is C fmod
  let div = (a - mod) / b;
  // Explicit !== 0: NaN is truthy in C, and this mirrors C code.
  if (mod !== 0) {
    if (b < 0 !== mod < 0) {
      mod += b;
      div -= 1;
    }
  } else {
    mod = b < 0 ? -0 : 0;
  }
  let floorDiv: number;
  if (div !== 0) {
    floorDiv = Math.floor(div);
    if (div - floorDiv > 0.5) floorDiv += 1;
  } else {
    const quotient = a / b;
    floorDiv = quotient < 0 || Object.is(quotient, -0) ? -0 : 0;
  }
  return [floorDiv, mod];
}

export function floatPow(base: number, exponent: number): number {
  if (exponent === 0 || base === 1) return 1;
  if (base === -1 && !Number.isFinite(exponent) && !Number.isNaN(exponent)) return 1;
  if (base === 0 && exponent < 0) fail("ZeroDivisionError", "0.0 cannot be raised to a negative power");
  const finite = Number.isFinite(base) && Number.isFinite(exponent);
  // Zero, infinite and NaN operands follow C99 pow, as JS ** does.
  if (!finite || base === 0) return base ** exponent;
  if (base < 0 && !Number.isInteger(exponent)) {
    fail("ValueError", "negative number cannot be raised to a fractional power");
  }
  const odd = base < 0 && Math.abs(exponent) < 2 ** 53 && exponent % 2 !== 0;
  const result = positivePow(Math.abs(base), exponent);
  if (!Number.isFinite(result)) fail("OverflowError", "numerical result out of range");
  return odd ? -result : result;
}

export function intPow(base: bigint, exponent: bigint): bigint | number {
  if (exponent < 0n) return floatPow(intToFloat(base), intToFloat(exponent));
  if (base === 0n || base === 1n) return exponent === 0n ? 1n : base;
  if (base === -1n) return exponent % 2n === 0n ? 1n : -1n;
  // |base| >= 2 has at least (bits - 1) * exponent + 1 bits when raised: refuse before computing.
  if (BigInt(bitLength(base) - 1) * exponent >= BigInt(MAX_INT_BITS)) {
    fail("OverflowError", `integer is too large (maximum ${MAX_INT_BITS} bits)`);
  }
  return checkInt(base ** exponent);
}

/** The exact binary value of a finite float: value = mantissa * 2**exponent. */
function decompose(value: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const high = view.getUint32(0);
  const biased = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  if (biased !== 0) mantissa |= 1n << 52n;
  const exponent = biased === 0 ? -1074 : biased - 1075;
  return { mantissa: high >>> 31 ? -mantissa : mantissa, exponent };
}

/** numerator / denominator (denominator > 0) rounded half to even, as Python's round() does. */
function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  let quotient = numerator / denominator;
  let rest = numerator % denominator;
  if (rest < 0n) [quotient, rest] = [quotient - 1n, rest + denominator];
  const twice = 2n * rest;
  if (twice > denominator || (twice === denominator && quotient % 2n !== 0n)) quotient += 1n;
  return quotient;
}

/** round(x) for a float: an int. */
export function roundFloatToInt(value: number): bigint {
  if (Number.isNaN(value)) fail("ValueError", "cannot convert float NaN to integer");
  if (!Number.isFinite(value)) fail("OverflowError", "cannot convert float infinity to integer");
  if (value === 0) return 0n;
  const { mantissa, exponent } = decompose(value);
  return exponent >= 0 ? mantissa << BigInt(exponent) : roundHalfEven(mantissa, 1n << BigInt(-exponent));
}

/** round(x, n) for a float: rounds the exact binary value, so round(2.675, 2) is 2.67 as in Python. */
export function roundFloat(value: number, digits: bigint): number {
  if (!Number.isFinite(value) || value === 0 || digits > 323n) return value;
  if (digits < -308n) return value < 0 ? -0 : 0;
  const { mantissa, exponent } = decompose(value);
  let numerator = exponent >= 0 ? mantissa << BigInt(exponent) : mantissa;
  let denominator = exponent >= 0 ? 1n : 1n << BigInt(-exponent);
  if (digits >= 0n) numerator *= 10n ** digits;
  else denominator *= 10n ** -digits;
  const rounded = roundHalfEven(numerator, denominator);
  if (rounded === 0n) return value < 0 ? -0 : 0;
  const result = Number(`${rounded}e${-digits}`); // correctly rounded decimal → float, as Python
  if (!Number.isFinite(result)) fail("OverflowError", "rounded value too large to represent");
  return result;
}

/** round(n, digits) for an int: stays an int; only negative digits change it. */
export function roundInt(value: bigint, digits: bigint): bigint {
  if (digits >= 0n) return value;
  if (-digits > 1300n) return 0n; // beyond any int under the cap
  const unit = 10n ** -digits;
  return checkInt(roundHalfEven(value, unit) * unit);
}

export function truncateToInt(value: number): bigint {
  if (Number.isNaN(value)) fail("ValueError", "cannot convert float NaN to integer");
  if (!Number.isFinite(value)) fail("OverflowError", "cannot convert float infinity to integer");
  return BigInt(Math.trunc(value));
}

const INT_TEXT = /^\s*[+-]?\d(?:_?\d)*\s*$/;
const FLOAT_TEXT =
  /^\s*[+-]?(?:(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?|inf|infinity|nan)\s*$/i;

export function parseIntText(text: string, quoted: string): bigint {
  if (!INT_TEXT.test(text)) fail("ValueError", `invalid literal for int() with base 10: ${quoted}`);
  const digits = text.trim().replace(/_/g, "");
  if (digits.replace(/^[+-]/, "").length > MAX_INT_DIGITS) {
    fail("ValueError", `Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion`);
  }
  return checkInt(BigInt(digits));
}

export function parseFloatText(text: string, quoted: string): number {
  if (!FLOAT_TEXT.test(text)) fail("ValueError", `could not convert string to float: ${quoted}`);
  const clean = text.trim().replace(/_/g, "").toLowerCase();
  const unsigned = clean.replace(/^[+-]/, "");
  const negative = clean.startsWith("-");
  if (unsigned === "nan") return NaN;
  if (unsigned === "inf" || unsigned === "infinity") return negative ? -Infinity : Infinity;
  return Number(clean);
}
