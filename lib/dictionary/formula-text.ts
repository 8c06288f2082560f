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
 * Errors are catalogue references (api.dictionary.formula.* and api.dictionary.text.*, decision 0021).
 */
import type { CalculationFormula, ThresholdOperator } from "@/lib/schemas/study-config";
import { tokenize, TokenError, type Token } from "./condition-tokens";
import { dictionaryMessage } from "./messages";

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
    if (!expression.trim()) return { ok: false, error: dictionaryMessage("formula.customNeedsExpression") };
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

class FormulaParser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek() {
    return this.tokens[this.i]!;
  }
  /** Fails with `formula.<key>` and where: "(at the end)" or "(at character n)". */
  private fail(key: string, values: Record<string, string> = {}): never {
    const token = this.peek();
    const where =
      token.kind === "end"
        ? dictionaryMessage("formula.atEnd")
        : dictionaryMessage("formula.atCharacter", { position: String(token.position) });
    throw new FormulaError(
      dictionaryMessage("formula.where", { message: dictionaryMessage(`formula.${key}`, values), where }),
    );
  }
  private punct(text: string) {
    const token = this.peek();
    if (token.kind !== "punct" || token.text !== text) this.fail("expectedPunct", { text });
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
      if (!token.text) this.fail("emptyName");
      return token.text;
    }
    this.fail("expectedName");
  }

  formula(): CalculationFormula {
    const head = this.peek();
    if (head.kind !== "word") this.fail("expectedShape");
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
      if (!operator) this.fail("expectedComparison");
      this.i++;
      const number = this.peek();
      if (number.kind !== "number" || !Number.isFinite(Number(number.text))) this.fail("expectedNumber");
      this.i++;
      formula = { type: "threshold", field, operator, threshold: Number(number.text) };
    } else if (type === "improvement_percentage") {
      formula = this.improvement();
    } else {
      this.i--;
      this.fail("unknownCalculation", { name: head.text });
    }
    this.punct(")");
    if (this.peek().kind !== "end") this.fail("textAfterClose");
    return formula;
  }

  private improvement(): CalculationFormula {
    const args: Record<string, string> = {};
    for (;;) {
      const key = this.peek();
      const known = ["current", "baseline", "baseline_visit"];
      if (key.kind !== "word" || !known.includes(key.text.toLowerCase())) this.fail("expectedArgument");
      const name = key.text.toLowerCase();
      if (args[name] !== undefined) this.fail("argumentTwice", { name });
      this.i++;
      this.punct("=");
      args[name] = this.name();
      if (!this.isPunct(",")) break;
      this.i++;
    }
    const missing = ["current", "baseline", "baseline_visit"].filter((k) => args[k] === undefined);
    if (missing.length) this.fail("improvementNeeds", { missing: missing.map((k) => `${k}=`).join(", ") });
    return {
      type: "improvement_percentage",
      baseline_field: args.baseline!,
      baseline_visit: args.baseline_visit!,
      current_field: args.current!,
    };
  }
}
