/**
 * How the expression engine represents Python values, and the only bridge from host (JS) data into
 * them. Pure: no I/O.
 *
 * ints are `bigint` and floats are `number`, so `str(7/7)` can be '1.0' while `str(2*3)` is '6'.
 * Host objects are never handed to the evaluator: `data` and nested objects are wrapped in
 * `PyDict`, whose values are read only through own-property descriptors (never getters, never the
 * prototype chain), so keys such as `__proto__`, `constructor` or `prototype` are ordinary keys.
 */

export type PyList = readonly PyValue[];
export type PyValue = null | boolean | bigint | number | string | PyList | PyDict;

/** Converted host arrays, so `data['l'] is data['l']` holds as it does in Python. */
type ListCache = WeakMap<object, PyList>;

/** A read-only view of a plain host object (the `data` dict and objects nested in it). */
export class PyDict {
  constructor(
    readonly source: object,
    readonly lists: ListCache = new WeakMap(),
  ) {}
}

/** Longest string or list an operation may produce: keeps `'x' * 10**9` from exhausting memory. */
export const MAX_SEQUENCE_LENGTH = 100_000;
/** Arrays nested deeper than this in the data are refused (also stops self-containing arrays). */
const MAX_DATA_DEPTH = 32;

/** A Python exception: `type` is the Python class name shown to the user (`TypeError`, ...). */
export class PyError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export function fail(type: string, message: string): never {
  throw new PyError(type, message);
}

/**
 * The limit of one evaluation is counted work, not time (decision 0017): a unit is one node
 * visited, one element or character copied, compared or printed, or one 64-bit word of a big-int
 * operation, so `sum([2**4000]*99999)` pays for its 4,000-bit additions. The same expression and
 * data use the same work and end the same way on a quiet machine and a loaded one.
 */
export const WORK_LIMIT_MESSAGE = "RuntimeError: expression needs too much work to evaluate";
/**
 * A wall-clock backstop far above what the budget allows (calibrated to ~20 ms): it can only fire
 * if some operation is charged far below its cost, which is a bug to fix, never a normal outcome.
 */
export const BACKSTOP_MS = 1000;
export const BACKSTOP_MESSAGE = `Expression exceeded the ${BACKSTOP_MS} ms safety limit`;
// Reading the clock costs more than a charge; the backstop needs no precision.
const CLOCK_EVERY = 4096;

export class Work {
  private spent = 0;
  private sinceClock = 0;
  private readonly deadline: number;
  constructor(private readonly limit: number) {
    this.deadline = performance.now() + BACKSTOP_MS;
  }

  /** Units spent so far: the same for the same expression and data on any machine. */
  get used(): number {
    return this.spent;
  }

  charge(units = 1): void {
    this.spent += units;
    if (this.spent > this.limit) throw new WorkLimitError(WORK_LIMIT_MESSAGE);
    this.sinceClock += 1;
    if (this.sinceClock >= CLOCK_EVERY) {
      this.sinceClock = 0;
      if (performance.now() > this.deadline) throw new WorkLimitError(BACKSTOP_MESSAGE);
    }
  }
}

/** Over the work budget (or, if the counting is ever wrong, the backstop): shown as it is. */
export class WorkLimitError extends Error {}

export function isList(value: PyValue): value is PyList {
  return Array.isArray(value);
}

export function typeName(value: PyValue): string {
  if (value === null) return "NoneType";
  switch (typeof value) {
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return "float";
    case "string":
      return "str";
  }
  return value instanceof PyDict ? "dict" : "list";
}

/** The numeric view of a value (bool counts as int, as in Python), or undefined. */
export function asNumber(value: PyValue): bigint | number | undefined {
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (typeof value === "bigint" || typeof value === "number") return value;
  return undefined;
}

/** An int (or bool) as bigint, or undefined: for repetition counts, indexes and round()'s digits. */
export function asInt(value: PyValue): bigint | undefined {
  if (typeof value === "boolean") return value ? 1n : 0n;
  return typeof value === "bigint" ? value : undefined;
}

export function checkLength(length: number): void {
  if (length > MAX_SEQUENCE_LENGTH) {
    fail("MemoryError", `result is too long (maximum ${MAX_SEQUENCE_LENGTH} characters or items)`);
  }
}

export function dictKeys(dict: PyDict): string[] {
  return Object.keys(dict.source);
}

/** Own-property lookup only; an accessor property reads as None so no host code ever runs. */
export function dictLookup(dict: PyDict, key: string): { found: boolean; value: PyValue } {
  if (!Object.hasOwn(dict.source, key)) return { found: false, value: null };
  const descriptor = Object.getOwnPropertyDescriptor(dict.source, key);
  return {
    found: true,
    value: descriptor && "value" in descriptor ? fromHost(descriptor.value, dict.lists) : null,
  };
}

export function truthy(value: PyValue): boolean {
  if (value === null) return false;
  switch (typeof value) {
    case "boolean":
      return value;
    case "bigint":
      return value !== 0n;
    case "number":
      return value !== 0;
    case "string":
      return value.length > 0;
  }
  return value instanceof PyDict ? dictKeys(value).length > 0 : value.length > 0;
}

/**
 * Host value → Python value. Safe integers become ints (JSON cannot tell 20 from 20.0); other
 * numbers floats; arrays lists; other objects dicts; functions and symbols None: they are never
 * exposed.
 */
export function fromHost(value: unknown, lists: ListCache, depth = 0): PyValue {
  switch (typeof value) {
    case "boolean":
    case "string":
      return value;
    case "number":
      return Number.isSafeInteger(value) ? BigInt(value) : value;
    case "bigint":
      return value;
    case "object":
      if (value === null) return null;
      if (Array.isArray(value)) return lists.get(value) ?? listFromHost(value, lists, depth);
      return new PyDict(value, lists);
    default:
      return null;
  }
}

function listFromHost(array: readonly unknown[], lists: ListCache, depth: number): PyList {
  if (depth >= MAX_DATA_DEPTH) fail("ValueError", "data value is nested too deeply");
  checkLength(array.length);
  const items: PyValue[] = [];
  for (let index = 0; index < array.length; index++) {
    const descriptor = Object.getOwnPropertyDescriptor(array, index);
    items.push(descriptor && "value" in descriptor ? fromHost(descriptor.value, lists, depth + 1) : null);
  }
  lists.set(array, items);
  return items;
}
