/**
 * Calculation formulas as text, and back (the dictionary's `calculation` column). Pure.
 * `parseFormulaText(formatFormula(f))` gives `f` again for every formula the schema accepts:
 *
 *   improvement_percentage(current=pasi_score, baseline=pasi_score, baseline_visit=baseline)
 *   threshold(pasi_improvement >= 75)            operators > >= < <= = <>
 *   sum(dlqi_score, itch_nrs)   average(a, b)
 *   custom: <Python expression over data>       (everything after "custom: ", kept as it is)
 *
 * Names are written bare when they are identifiers, otherwise in single quotes ('a b', \' and \\).
 */
import type { CalculationFormula, ThresholdOperator } from "@/lib/schemas/study-config";
import { tokenize, TokenError, type Token } from "./condition-tokens";

const THRESHOLD_SYMBOL: Record<ThresholdOperator, string> = {
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  eq: "=",
  ne: "<>",
};
const THRESHOLD_OPERATOR: Record<string, ThresholdOperator> = {
  ">": "gt",
  ">=": "gte",
  "<": "lt",
  "<=": "lte",
  "=": "eq",
  "==": "eq",
  "<>": "ne",
  "!=": "ne",
};
const CUSTOM_PREFIX = "custom:";
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED = new Set(["true", "false", "null"]);

const formatName = (name: string) =>
  IDENTIFIER.test(name) && !RESERVED.has(name.toLowerCase())
    ? name
    : `'${name.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;

const formatNumber = (value: number) => (Object.is(value, -0) ? "-0" : String(value));

export function formatFormula(formula: CalculationFormula): string {
  switch (formula.type) {
    case "improvement_percentage":
      return `improvement_percentage(current=${formatName(formula.current_field)}, baseline=${formatName(
        formula.baseline_field,
      )}, baseline_visit=${formatName(formula.baseline_visit)})`;
    case "threshold":
      return `threshold(${formatName(formula.field)} ${THRESHOLD_SYMBOL[formula.operator]} ${formatNumber(formula.threshold)})`;
    case "sum":
    case "average":
      return `${formula.type}(${formula.fields.map(formatName).join(", ")})`;
    case "custom_expression":
      return `${CUSTOM_PREFIX} ${formula.expression}`;
  }
}

export type FormulaParse = { ok: true; formula: CalculationFormula } | { ok: false; error: string };

class FormulaError extends Error {}

export function parseFormulaText(text: string): FormulaParse {
  if (text.trimStart().toLowerCase().startsWith(CUSTOM_PREFIX)) {
    const after = text.trimStart().slice(CUSTOM_PREFIX.length);
    const expression = after.startsWith(" ") ? after.slice(1) : after;
    if (!expression.trim()) return { ok: false, error: "custom: needs a Python expression after it" };
    return { ok: true, formula: { type: "custom_expression", expression } };
  }
  try {
    return { ok: true, formula: new FormulaParser(tokenize(text)).formula() };
  } catch (error) {
    if (error instanceof FormulaError || error instanceof TokenError)
      return { ok: false, error: error.message };
    throw error;
  }
}

const SHAPES =
  "improvement_percentage(current=…, baseline=…, baseline_visit=…), threshold(field >= 75), sum(a, b), average(a, b) or custom: <expression>";

class FormulaParser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek() {
    return this.tokens[this.i]!;
  }
  private fail(message: string): never {
    const token = this.peek();
    const where = token.kind === "end" ? "at the end" : `at character ${token.position}`;
    throw new FormulaError(`${message} (${where})`);
  }
  private punct(text: string) {
    const token = this.peek();
    if (token.kind !== "punct" || token.text !== text) this.fail(`Expected '${text}'`);
    this.i++;
  }
  private isPunct(text: string) {
    const token = this.peek();
    return token.kind === "punct" && token.text === text;
  }
  private name(): string {
    const token = this.peek();
    if (token.kind === "string" || (token.kind === "word" && !RESERVED.has(token.text.toLowerCase()))) {
      this.i++;
      if (!token.text) this.fail("A name cannot be empty");
      return token.text;
    }
    this.fail("Expected a field or calculation name");
  }

  formula(): CalculationFormula {
    const head = this.peek();
    if (head.kind !== "word") this.fail(`Expected ${SHAPES}`);
    this.i++;
    this.punct("(");
    const type = head.text.toLowerCase();
    let formula: CalculationFormula;
    if (type === "sum" || type === "average") {
      const fields = [this.name()];
      while (this.isPunct(",")) {
        this.i++;
        fields.push(this.name());
      }
      formula = { type, fields };
    } else if (type === "threshold") {
      const field = this.name();
      const op = this.peek();
      const operator = op.kind === "punct" ? THRESHOLD_OPERATOR[op.text] : undefined;
      if (!operator) this.fail("Expected a comparison (> >= < <= = <>)");
      this.i++;
      const number = this.peek();
      if (number.kind !== "number" || !Number.isFinite(Number(number.text))) this.fail("Expected a number");
      this.i++;
      formula = { type: "threshold", field, operator, threshold: Number(number.text) };
    } else if (type === "improvement_percentage") {
      formula = this.improvement();
    } else {
      this.i--;
      this.fail(`Unknown calculation '${head.text}': expected ${SHAPES}`);
    }
    this.punct(")");
    if (this.peek().kind !== "end") this.fail("Unexpected text after the closing ')'");
    return formula;
  }

  private improvement(): CalculationFormula {
    const args: Record<string, string> = {};
    for (;;) {
      const key = this.peek();
      const known = ["current", "baseline", "baseline_visit"];
      if (key.kind !== "word" || !known.includes(key.text.toLowerCase()))
        this.fail("Expected current=, baseline= or baseline_visit=");
      const name = key.text.toLowerCase();
      if (args[name] !== undefined) this.fail(`${name}= is given twice`);
      this.i++;
      this.punct("=");
      args[name] = this.name();
      if (!this.isPunct(",")) break;
      this.i++;
    }
    const missing = ["current", "baseline", "baseline_visit"].filter((k) => args[k] === undefined);
    if (missing.length) this.fail(`improvement_percentage needs ${missing.map((k) => `${k}=`).join(", ")}`);
    return {
      type: "improvement_percentage",
      baseline_field: args.baseline!,
      baseline_visit: args.baseline_visit!,
      current_field: args.current!,
    };
  }
}
