/**
 * Python operators over engine values: arithmetic, sequence concatenation and repetition,
 * comparisons, `in` and `is`. Every operation that walks a sequence charges the work budget.
 * Pure: no I/O.
 */
import {
  checkInt,
  floatDivMod,
  MAX_INT_BITS,
  floatPow,
  floatTrueDiv,
  intFloorDiv,
  intMod,
  intPow,
  intTrueDiv,
  toFloat,
} from "./py-numbers";
import {
  asInt,
  asNumber,
  checkLength,
  dictKeys,
  dictLookup,
  fail,
  isList,
  PyDict,
  type PyList,
  type PyValue,
  typeName,
  type Work,
} from "./py-values";

export type ArithmeticOperator = "+" | "-" | "*" | "/" | "//" | "%" | "**";
export type OrderOperator = "<" | "<=" | ">" | ">=";

/** Equality of containers recurses; a self-containing host object must not recurse for ever. */
const MAX_COMPARE_DEPTH = 100;

function unsupported(op: string, a: PyValue, b: PyValue): never {
  return fail("TypeError", `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** 64-bit words of an int: what a big-int operation's cost grows with. */
function words(value: bigint): number {
  if (value <= SAFE && value >= -SAFE) return 1;
  return Math.ceil(((value < 0n ? -value : value).toString(16).length * 4) / 64);
}

/** Work units of one int operation (decision 0017): linear for + and -, quadratic for the rest. */
function intWork(op: ArithmeticOperator, a: bigint, b: bigint): number {
  const [x, y] = [words(a), words(b)];
  if (op === "**") {
    // A small base can still make a big result (2**4000): size the result, not the operands.
    // intPow refuses results over the int cap before computing them.
    const exponent = b <= 0n ? 0 : Number(b > 1_000_000n ? 1_000_000n : b);
    const baseBits = x === 1 ? Math.ceil(Math.log2(Math.abs(Number(a)) + 1)) : x * 64;
    const result = Math.min(Math.ceil((baseBits * exponent) / 64), MAX_INT_WORDS + 1);
    return Math.max(1, result * result);
  }
  if (x === 1 && y === 1) return 1;
  return op === "+" || op === "-" ? x + y : x * y;
}
const MAX_INT_WORDS = Math.ceil(MAX_INT_BITS / 64);

function intArithmetic(op: ArithmeticOperator, a: bigint, b: bigint): bigint | number {
  switch (op) {
    case "+":
      return checkInt(a + b);
    case "-":
      return checkInt(a - b);
    case "*":
      return checkInt(a * b);
    case "/":
      return intTrueDiv(a, b);
    case "//":
      return intFloorDiv(a, b);
    case "%":
      return intMod(a, b);
    case "**":
      return intPow(a, b);
  }
}

function floatArithmetic(op: ArithmeticOperator, a: number, b: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return floatTrueDiv(a, b);
    case "//":
      if (b === 0) fail("ZeroDivisionError", "float floor division by zero");
      return floatDivMod(a, b)[0];
    case "%":
      if (b === 0) fail("ZeroDivisionError", "float modulo by zero");
      return floatDivMod(a, b)[1];
    case "**":
      return floatPow(a, b);
  }
}

function repeat(sequence: string | PyList, count: bigint, work: Work): string | PyList {
  const times = count > 0n ? count : 0n;
  if (BigInt(sequence.length) * times > BigInt(Number.MAX_SAFE_INTEGER)) checkLength(Infinity);
  const n = Number(times);
  checkLength(sequence.length * n);
  work.charge(sequence.length * n);
  if (typeof sequence === "string") return sequence.repeat(n);
  const items: PyValue[] = [];
  for (let i = 0; i < n; i++) for (const item of sequence) items.push(item);
  return items;
}

export function arithmetic(op: ArithmeticOperator, a: PyValue, b: PyValue, work: Work): PyValue {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) {
    if (typeof x === "bigint" && typeof y === "bigint") {
      work.charge(intWork(op, x, y));
      return intArithmetic(op, x, y);
    }
    return floatArithmetic(op, toFloat(x), toFloat(y));
  }
  if (op === "+") {
    if (typeof a === "string") {
      if (typeof b !== "string") fail("TypeError", `can only concatenate str (not "${typeName(b)}") to str`);
      checkLength(a.length + b.length);
      work.charge(a.length + b.length);
      return a + b;
    }
    if (isList(a)) {
      if (!isList(b)) fail("TypeError", `can only concatenate list (not "${typeName(b)}") to list`);
      checkLength(a.length + b.length);
      work.charge(a.length + b.length);
      return [...a, ...b];
    }
  }
  if (op === "*") {
    const [sequence, count] = typeof a === "string" || isList(a) ? [a, b] : [b, a];
    if (typeof sequence === "string" || isList(sequence)) {
      const times = asInt(count);
      if (times === undefined)
        fail("TypeError", `can't multiply sequence by non-int of type '${typeName(count)}'`);
      return repeat(sequence, times, work);
    }
  }
  if (op === "%" && typeof a === "string") fail("TypeError", "string formatting with % is not supported");
  return unsupported(op, a, b);
}

export function negate(value: PyValue, op: "-" | "+"): PyValue {
  const number = asNumber(value);
  if (number === undefined) fail("TypeError", `bad operand type for unary ${op}: '${typeName(value)}'`);
  return op === "+" ? number : -number;
}

/** Sign of a - b for ints and floats compared exactly (NaN when unordered), as Python does. */
export function compareNumbers(a: bigint | number, b: bigint | number): number {
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : a === b ? 0 : NaN;
  return typeof a === "number" ? compareFloatInt(a, b as bigint) : -compareFloatInt(b as number, a);
}

/** Exact: converting the int to a float could round (2**53 + 1 == 2.0**53 would hold). */
function compareFloatInt(float: number, int: bigint): number {
  if (Number.isNaN(float)) return NaN;
  if (!Number.isFinite(float)) return float > 0 ? 1 : -1;
  const floor = Math.floor(float);
  const floorInt = BigInt(floor);
  if (floorInt < int) return -1;
  if (floorInt > int) return 1;
  return float === floor ? 0 : 1;
}

/** Code point order, as Python compares str (JS < compares UTF-16 units). */
function compareStrings(a: string, b: string, work: Work): number {
  work.charge(Math.min(a.length, b.length));
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    if (x.value !== y.value) return (x.value.codePointAt(0) ?? 0) - (y.value.codePointAt(0) ?? 0);
  }
}

export function pyEquals(a: PyValue, b: PyValue, work: Work, depth = 0): boolean {
  work.charge();
  if (depth > MAX_COMPARE_DEPTH) fail("RecursionError", "maximum recursion depth exceeded in comparison");
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined || y !== undefined) {
    return x !== undefined && y !== undefined && compareNumbers(x, y) === 0;
  }
  if (typeof a === "string" && typeof b === "string") {
    work.charge(Math.min(a.length, b.length));
    return a === b;
  }
  if (a === null || b === null || typeof a === "string" || typeof b === "string") return a === b;
  if (a instanceof PyDict || b instanceof PyDict) {
    if (!(a instanceof PyDict && b instanceof PyDict)) return false;
    if (a.source === b.source) return true;
    const keys = dictKeys(a);
    if (keys.length !== dictKeys(b).length) return false;
    return keys.every((key) => {
      const other = dictLookup(b, key);
      return other.found && pyEquals(dictLookup(a, key).value, other.value, work, depth + 1);
    });
  }
  if (!isList(a) || !isList(b)) return false;
  if (a === b) return true;
  return a.length === b.length && a.every((item, index) => pyEquals(item, b[index] ?? null, work, depth + 1));
}

function orderResult(op: OrderOperator, sign: number): boolean {
  switch (op) {
    case "<":
      return sign < 0;
    case "<=":
      return sign <= 0;
    case ">":
      return sign > 0;
    case ">=":
      return sign >= 0;
  }
}

export function pyOrder(op: OrderOperator, a: PyValue, b: PyValue, work: Work): boolean {
  work.charge();
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return orderResult(op, compareNumbers(x, y));
  if (typeof a === "string" && typeof b === "string") return orderResult(op, compareStrings(a, b, work));
  if (isList(a) && isList(b)) {
    // Lexicographic: the first unequal pair decides, otherwise the lengths do.
    const shared = Math.min(a.length, b.length);
    for (let i = 0; i < shared; i++) {
      const left = a[i] ?? null;
      const right = b[i] ?? null;
      if (!pyEquals(left, right, work)) return pyOrder(op, left, right, work);
    }
    return orderResult(op, a.length - b.length);
  }
  return fail(
    "TypeError",
    `'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`,
  );
}

export function pyIs(a: PyValue, b: PyValue): boolean {
  if (a instanceof PyDict && b instanceof PyDict) return a.source === b.source;
  // Small ints and strings are interned in CPython: treat equal immutable values as identical.
  return typeName(a) === typeName(b) && (a === b || (Number.isNaN(a) && Number.isNaN(b)));
}

export function pyContains(container: PyValue, item: PyValue, work: Work): boolean {
  if (typeof container === "string") {
    if (typeof item !== "string") {
      fail("TypeError", `'in <string>' requires string as left operand, not ${typeName(item)}`);
    }
    work.charge(container.length + item.length);
    return container.includes(item);
  }
  if (isList(container))
    return container.some((element) => pyIs(element, item) || pyEquals(element, item, work));
  if (container instanceof PyDict) {
    if (isList(item) || item instanceof PyDict) fail("TypeError", `unhashable type: '${typeName(item)}'`);
    return typeof item === "string" && dictLookup(container, item).found;
  }
  return fail("TypeError", `argument of type '${typeName(container)}' is not iterable`);
}
