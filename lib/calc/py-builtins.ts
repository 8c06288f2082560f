/**
 * The only functions an expression may call. A switch over fixed names (no lookup on a host
 * object), so no other function can ever be reached. Pure: no I/O.
 */
import { pyStr, stringRepr } from "./py-format";
import {
  intToFloat,
  parseFloatText,
  parseIntText,
  roundFloat,
  roundFloatToInt,
  roundInt,
  truncateToInt,
} from "./py-numbers";
import { arithmetic, pyOrder } from "./py-ops";
import {
  asInt,
  dictKeys,
  fail,
  isList,
  PyDict,
  type PyList,
  type PyValue,
  truthy,
  typeName,
  type Work,
} from "./py-values";

export const BUILTIN_NAMES = [
  "abs",
  "min",
  "max",
  "round",
  "len",
  "sum",
  "int",
  "float",
  "str",
  "bool",
] as const;
export type BuiltinName = (typeof BUILTIN_NAMES)[number];

export function isBuiltinName(name: string): name is BuiltinName {
  return (BUILTIN_NAMES as readonly string[]).includes(name);
}

function arity(name: string, args: PyList, min: number, max: number): void {
  if (args.length >= min && args.length <= max) return;
  if (min === max) {
    const expected = min === 1 ? "exactly one argument" : `exactly ${min} arguments`;
    fail("TypeError", `${name}() takes ${expected} (${args.length} given)`);
  }
  if (args.length < min) fail("TypeError", `${name}() expected at least ${min} argument, got ${args.length}`);
  fail("TypeError", `${name}() takes at most ${max} argument${max === 1 ? "" : "s"} (${args.length} given)`);
}

/** The items a for-loop would see: list items, a str's characters, a dict's keys. */
export function iterate(value: PyValue, work: Work): PyList {
  if (isList(value)) return value;
  if (typeof value === "string") {
    work.charge(value.length);
    return Array.from(value);
  }
  if (value instanceof PyDict) return dictKeys(value);
  return fail("TypeError", `'${typeName(value)}' object is not iterable`);
}

function extreme(name: "min" | "max", args: PyList, work: Work): PyValue {
  if (args.length === 0) fail("TypeError", `${name} expected at least 1 argument, got 0`);
  const items = args.length === 1 ? iterate(args[0] ?? null, work) : args;
  if (items.length === 0) fail("ValueError", `${name}() iterable argument is empty`);
  let best = items[0] ?? null;
  for (const item of items.slice(1)) {
    // Python keeps the first of equal extremes: only a strictly better item replaces it.
    if (pyOrder(name === "min" ? "<" : ">", item, best, work)) best = item;
  }
  return best;
}

function pyRound(args: PyList): PyValue {
  arity("round", args, 1, 2);
  const [value = null, digitsArg = null] = args;
  const digits = digitsArg === null ? null : asInt(digitsArg);
  if (digits === undefined) {
    fail("TypeError", `'${typeName(digitsArg)}' object cannot be interpreted as an integer`);
  }
  const int = asInt(value);
  if (int !== undefined) return digits === null ? int : roundInt(int, digits);
  if (typeof value === "number") return digits === null ? roundFloatToInt(value) : roundFloat(value, digits);
  return fail("TypeError", `type ${typeName(value)} doesn't define __round__ method`);
}

function pySum(args: PyList, work: Work): PyValue {
  arity("sum", args, 1, 2);
  const [iterable = null, start = 0n] = args;
  if (typeof start === "string") fail("TypeError", "sum() can't sum strings [use ''.join(seq) instead]");
  let total: PyValue = start;
  for (const item of iterate(iterable, work)) {
    // One step per addition: big-int additions are where the time goes, so the clock must see them.
    work.charge();
    total = arithmetic("+", total, item, work);
  }
  return total;
}

function pyInt(args: PyList): PyValue {
  if (args.length > 1) fail("TypeError", "int() with a base is not supported");
  const [value = 0n] = args;
  const int = asInt(value);
  if (int !== undefined) return int;
  if (typeof value === "number") return truncateToInt(value);
  if (typeof value === "string") return parseIntText(value, stringRepr(value));
  return fail(
    "TypeError",
    `int() argument must be a string, a bytes-like object or a real number, not '${typeName(value)}'`,
  );
}

function pyFloat(args: PyList): PyValue {
  arity("float", args, 0, 1);
  const [value = 0] = args;
  const int = asInt(value);
  if (int !== undefined) return intToFloat(int);
  if (typeof value === "number") return value;
  if (typeof value === "string") return parseFloatText(value, stringRepr(value));
  return fail("TypeError", `float() argument must be a string or a real number, not '${typeName(value)}'`);
}

export function callBuiltin(name: BuiltinName, args: PyList, work: Work): PyValue {
  work.charge();
  switch (name) {
    case "abs": {
      arity(name, args, 1, 1);
      const [value = null] = args;
      const int = asInt(value);
      if (int !== undefined) return int < 0n ? -int : int;
      if (typeof value === "number") return Math.abs(value);
      return fail("TypeError", `bad operand type for abs(): '${typeName(value)}'`);
    }
    case "len": {
      arity(name, args, 1, 1);
      const [value = null] = args;
      if (typeof value === "string" || isList(value) || value instanceof PyDict) {
        return BigInt(iterate(value, work).length);
      }
      return fail("TypeError", `object of type '${typeName(value)}' has no len()`);
    }
    case "min":
    case "max":
      return extreme(name, args, work);
    case "round":
      return pyRound(args);
    case "sum":
      return pySum(args, work);
    case "int":
    case "float": {
      // Digits are read one by one (4,300 at most), an int converted word by word.
      const [value = null] = args;
      if (typeof value === "string") work.charge(value.length);
      return name === "int" ? pyInt(args) : pyFloat(args);
    }
    case "str":
      arity(name, args, 0, 1);
      return args.length === 0 ? "" : pyStr(args[0] ?? null, work);
    case "bool":
      arity(name, args, 0, 1);
      return args.length === 0 ? false : truthy(args[0] ?? null);
  }
}
