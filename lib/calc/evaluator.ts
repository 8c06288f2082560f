/**
 * Tree-walking evaluator for parsed expressions. The only ways to reach host data are the `data`
 * node and dict subscripts / .get, both going through own-property lookups (py-values.ts).
 * Pure: no I/O.
 */
import type { ExprNode } from "./parser";
import { callBuiltin } from "./py-builtins";
import { pyRepr } from "./py-format";
import { arithmetic, negate, pyContains, pyEquals, pyIs, pyOrder } from "./py-ops";
import {
  asInt,
  dictLookup,
  fail,
  isList,
  PyDict,
  type PyValue,
  truthy,
  typeName,
  type Work,
} from "./py-values";

export type EvalContext = { data: PyDict; work: Work };

function index(length: number, position: PyValue, what: "list" | "string"): number {
  const int = asInt(position);
  if (int === undefined) {
    const article = what === "list" ? "list indices" : "string indices";
    fail("TypeError", `${article} must be integers or slices, not ${typeName(position)}`);
  }
  const resolved = int < 0n ? int + BigInt(length) : int;
  if (resolved < 0n || resolved >= BigInt(length)) fail("IndexError", `${what} index out of range`);
  return Number(resolved);
}

function subscript(object: PyValue, key: PyValue, work: Work): PyValue {
  if (object instanceof PyDict) {
    if (isList(key) || key instanceof PyDict) fail("TypeError", `unhashable type: '${typeName(key)}'`);
    const entry = typeof key === "string" ? dictLookup(object, key) : { found: false, value: null };
    if (!entry.found) fail("KeyError", pyRepr(key, work));
    return entry.value;
  }
  if (isList(object)) return object[index(object.length, key, "list")] ?? null;
  if (typeof object === "string") {
    work.charge(object.length);
    const chars = Array.from(object); // code points, as Python indexes str
    return chars[index(chars.length, key, "string")] ?? null;
  }
  return fail("TypeError", `'${typeName(object)}' object is not subscriptable`);
}

function dictGet(object: PyValue, args: PyValue[]): PyValue {
  if (!(object instanceof PyDict))
    fail("AttributeError", `'${typeName(object)}' object has no attribute 'get'`);
  if (args.length === 0 || args.length > 2) {
    fail(
      "TypeError",
      `get expected ${args.length === 0 ? "at least 1" : "at most 2"} arguments, got ${args.length}`,
    );
  }
  const [key = null, fallback = null] = args;
  if (isList(key) || key instanceof PyDict) fail("TypeError", `unhashable type: '${typeName(key)}'`);
  const entry = typeof key === "string" ? dictLookup(object, key) : { found: false, value: null };
  return entry.found ? entry.value : fallback;
}

function compare(node: Extract<ExprNode, { type: "compare" }>, context: EvalContext): boolean {
  const { work } = context;
  let left = evaluate(node.first, context);
  // A chain a < b < c evaluates b once and stops at the first false link, as Python does.
  for (const { op, right: rightNode } of node.rest) {
    const right = evaluate(rightNode, context);
    let holds: boolean;
    switch (op) {
      case "==":
        holds = pyEquals(left, right, work);
        break;
      case "!=":
        holds = !pyEquals(left, right, work);
        break;
      case "in":
        holds = pyContains(right, left, work);
        break;
      case "not in":
        holds = !pyContains(right, left, work);
        break;
      case "is":
        holds = pyIs(left, right);
        break;
      case "is not":
        holds = !pyIs(left, right);
        break;
      default:
        holds = pyOrder(op, left, right, work);
    }
    if (!holds) return false;
    left = right;
  }
  return true;
}

export function evaluate(node: ExprNode, context: EvalContext): PyValue {
  const { work } = context;
  work.charge();
  switch (node.type) {
    case "int":
    case "float":
    case "str":
    case "constant":
      return node.value;
    case "data":
      return context.data;
    case "list":
      return node.items.map((item) => evaluate(item, context));
    case "subscript":
      return subscript(evaluate(node.object, context), evaluate(node.index, context), work);
    case "get": {
      const object = evaluate(node.object, context);
      return dictGet(
        object,
        node.args.map((arg) => evaluate(arg, context)),
      );
    }
    case "call":
      return callBuiltin(
        node.name,
        node.args.map((arg) => evaluate(arg, context)),
        work,
      );
    case "unary": {
      const operand = evaluate(node.operand, context);
      return node.op === "not" ? !truthy(operand) : negate(operand, node.op);
    }
    case "binary":
      return arithmetic(node.op, evaluate(node.left, context), evaluate(node.right, context), work);
    case "compare":
      return compare(node, context);
    case "bool": {
      // Short-circuit and return an operand, not a bool: `0 or 'x'` is 'x'.
      const left = evaluate(node.left, context);
      if (node.op === "and" ? !truthy(left) : truthy(left)) return left;
      return evaluate(node.right, context);
    }
    case "conditional":
      return truthy(evaluate(node.test, context))
        ? evaluate(node.body, context)
        : evaluate(node.orelse, context);
  }
}
