/**
 * Public API of the `custom_expression` engine: a safe subset of Python expressions over a `data`
 * dict (decision 0001). Our own tokenizer, parser and evaluator: no eval, no
 * `new Function`, no host property access. Every entry point returns errors as values and never
 * throws, whatever the source text or the data. Pure: no I/O.
 */
import { evaluate } from "./evaluator";
import { type ExprNode, LimitError, parse } from "./parser";
import { floatRepr } from "./py-format";
import { PyDict, PyError, type PyValue, Work, WorkLimitError } from "./py-values";

export type { ExprNode } from "./parser";
export { MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH } from "./parser";
export { BACKSTOP_MESSAGE, BACKSTOP_MS, MAX_SEQUENCE_LENGTH, WORK_LIMIT_MESSAGE } from "./py-values";

export type ExpressionValue = number | string | boolean | null;
export type ParseResult = { ok: true; ast: ExprNode } | { ok: false; error: string };
export type EvaluationResult = { value: ExpressionValue; error: string | null };

/**
 * Work units (py-values.ts `Work`) one evaluation may spend: calibrated so that the costliest kind
 * of unit takes about 20 ms at the limit on the project's machines (scripts/calibrate-expression-work.ts,
 * decision 0017). The same expression and data always end the same way, whatever the load.
 */
export const MAX_EVALUATION_WORK = 400_000;
export const NOT_A_SCALAR_MESSAGE = "Result must be a number, text or boolean";

function errorMessage(error: unknown): string {
  if (error instanceof LimitError || error instanceof WorkLimitError) return error.message;
  if (error instanceof PyError) return `${error.type}: ${error.message}`;
  // Only a host failure (e.g. the JS stack) can land here; report it without its internals.
  if (error instanceof RangeError) return "RecursionError: maximum recursion depth exceeded";
  return "RuntimeError: the expression could not be evaluated";
}

/**
 * Parses by source text, remembered: a study's few formulas are parsed once rather than twice for
 * every visit they run on (the dependency order and the evaluation both parse). The evaluator never
 * changes an AST, so one can be shared; the memory is bounded, so an editor where formulas are being
 * typed cannot grow it without end.
 */
const parsedBySource = new Map<string, ParseResult>();
const PARSED_KEPT = 512;

export function parseExpression(source: string): ParseResult {
  if (typeof source !== "string") return { ok: false, error: "SyntaxError: expression must be text" };
  const known = parsedBySource.get(source);
  if (known) return known;
  let result: ParseResult;
  try {
    result = { ok: true, ast: parse(source) };
  } catch (error) {
    result = { ok: false, error: errorMessage(error) };
  }
  if (parsedBySource.size >= PARSED_KEPT) parsedBySource.clear();
  parsedBySource.set(source, result);
  return result;
}

/** Python result → JS primitive; containers and non-finite floats are refused. */
function toResult(value: PyValue): EvaluationResult {
  if (value === null || typeof value === "boolean" || typeof value === "string")
    return { value, error: null };
  if (typeof value === "bigint") {
    const number = Number(value);
    if (Number.isFinite(number)) return { value: number, error: null };
    return { value: null, error: "OverflowError: int too large to convert to float" };
  }
  if (typeof value === "number") {
    if (Number.isFinite(value)) return { value, error: null };
    return { value: null, error: `ValueError: result is not a finite number (${floatRepr(value)})` };
  }
  return { value: null, error: NOT_A_SCALAR_MESSAGE };
}

export function evaluateExpression(source: string, data: Record<string, unknown>): EvaluationResult {
  const parsed = parseExpression(source);
  if (!parsed.ok) return { value: null, error: parsed.error };
  return evaluateParsed(parsed.ast, data);
}

/** Evaluates an AST from parseExpression (lets callers parse once and evaluate many times). */
export function evaluateParsed(ast: ExprNode, data: Record<string, unknown>): EvaluationResult {
  const { value, error } = evaluateCounted(ast, data);
  return { value, error };
}

/** evaluateParsed plus the work units it spent (for the calibration and the tests of the budget). */
export function evaluateCounted(
  ast: ExprNode,
  data: Record<string, unknown>,
  limit = MAX_EVALUATION_WORK,
): EvaluationResult & { work: number } {
  const source: object = typeof data === "object" && data !== null ? data : {};
  const work = new Work(limit);
  try {
    return { ...toResult(evaluate(ast, { data: new PyDict(source), work })), work: work.used };
  } catch (error) {
    return { value: null, error: errorMessage(error), work: work.used };
  }
}

function walk(node: ExprNode, visit: (node: ExprNode) => void): void {
  visit(node);
  switch (node.type) {
    case "list":
      return node.items.forEach((item) => walk(item, visit));
    case "subscript":
      walk(node.object, visit);
      return walk(node.index, visit);
    case "get":
      walk(node.object, visit);
      return node.args.forEach((arg) => walk(arg, visit));
    case "call":
      return node.args.forEach((arg) => walk(arg, visit));
    case "unary":
      return walk(node.operand, visit);
    case "binary":
    case "bool":
      walk(node.left, visit);
      return walk(node.right, visit);
    case "compare":
      walk(node.first, visit);
      return node.rest.forEach(({ right }) => walk(right, visit));
    case "conditional":
      walk(node.test, visit);
      walk(node.body, visit);
      return walk(node.orelse, visit);
  }
}

/** Data keys read as data['k'] or data.get('k') with a constant key, in first-use order. */
export function expressionDependencies(source: string): string[] {
  const parsed = parseExpression(source);
  if (!parsed.ok) return [];
  const keys = new Set<string>();
  walk(parsed.ast, (node) => {
    if (node.type === "subscript" && node.object.type === "data" && node.index.type === "str") {
      keys.add(node.index.value);
    }
    const [first] = node.type === "get" ? node.args : [];
    if (node.type === "get" && node.object.type === "data" && first?.type === "str") keys.add(first.value);
  });
  return [...keys];
}
