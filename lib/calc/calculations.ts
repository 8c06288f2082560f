/**
 * Runs a study's calculations over one visit's values (spec §3, "Calculation"): in dependency
 * order, each result visible to the calculations after it. Never throws: a calculation that cannot
 * be computed gives null and a message. Pure: no I/O.
 */
import type { Calculation, ThresholdOperator } from "@/lib/schemas/study-config";

/** What a calculation's result depends on: never its words, so either form of the document will do. */
type Formulated = Pick<Calculation, "name" | "formula">;
import { isEmptyValue } from "@/lib/forms/conditions";
import { parseNumber } from "@/lib/forms/parse-number";
import { buildCalculationGraph, calculationDependencies } from "./calc-order";
import { evaluateExpression } from "./expression";
import { messageRef } from "@/lib/i18n/message-ref";

export type CalculationValue = number | boolean | string | null;
export type CalculationContext = {
  baselineValues?: Record<string, unknown> | null;
  /** Field → missing-data code of the visit, and of its baseline visit (decision 0023). */
  missing?: Record<string, string> | null;
  baselineMissing?: Record<string, string> | null;
};
export type CalculationRun = {
  results: Record<string, CalculationValue>;
  errors: Record<string, string>;
};

type Outcome = { value: CalculationValue; error: string | null };
type NumberRead = { ok: true; value: number } | { ok: false; error: string };

/** Own properties only, through the descriptor: never the prototype chain, never a getter. */
function ownValue(source: unknown, key: string): unknown {
  if (typeof source !== "object" || source === null || !Object.hasOwn(source, key)) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(source, key);
  return descriptor && "value" in descriptor ? descriptor.value : undefined;
}

/** Defines rather than assigns, so a key such as `__proto__` stays an ordinary own key. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

type Messages = { missing: string; notNumber: string };

// The engine's messages are catalogue references (`forms.calc.*`), put into the reader's words
// where they are shown (docs/decisions/0021).
function fieldMessages(field: string): Messages {
  return {
    missing: messageRef("forms.calc.missing", { field }),
    notNumber: messageRef("forms.calc.notNumber", { field }),
  };
}

/**
 * A number under the one rule of lib/forms/parse-number.ts (so " 12" is refused here exactly as in
 * conditions and validation). "Missing" uses the form engine's idea of empty, NaN included.
 */
function readNumber(source: unknown, field: string, messages = fieldMessages(field)): NumberRead {
  const value = ownValue(source, field);
  if (isEmptyValue(value)) return { ok: false, error: messages.missing };
  const parsed = parseNumber(value);
  return parsed === undefined ? { ok: false, error: messages.notNumber } : { ok: true, value: parsed };
}

function compareThreshold(value: number, operator: ThresholdOperator, threshold: number): boolean {
  switch (operator) {
    case "gt":
      return value > threshold;
    case "gte":
      return value >= threshold;
    case "lt":
      return value < threshold;
    case "lte":
      return value <= threshold;
    case "eq":
      return value === threshold;
    case "ne":
      return value !== threshold;
  }
}

function readAll(values: object, fields: string[]): number[] | string {
  const numbers: number[] = [];
  for (const field of fields) {
    const read = readNumber(values, field);
    if (!read.ok) return read.error;
    numbers.push(read.value);
  }
  return numbers;
}

/**
 * A calculation that reads a field answered with a missing-data code has no value, and says so
 * (decision 0023): a code is never a number, and "UNK" must not read as an ordinary empty field.
 */
function codedInput(calc: Formulated, context: CalculationContext): Outcome | null {
  const missing = context.missing ?? {};
  for (const field of calculationDependencies(calc)) {
    const code = ownValue(missing, field);
    if (typeof code === "string")
      return { value: null, error: messageRef("missing.calc.code", { field, code }) };
  }
  if (calc.formula?.type === "improvement_percentage") {
    const field = calc.formula.baseline_field;
    const code = ownValue(context.baselineMissing ?? {}, field);
    if (typeof code === "string")
      return {
        value: null,
        error: messageRef("missing.calc.baselineCode", { field, code, visit: calc.formula.baseline_visit }),
      };
  }
  return null;
}

function compute(calc: Formulated, values: object, context: CalculationContext): Outcome {
  const coded = codedInput(calc, context);
  if (coded) return coded;
  const formula = calc.formula;
  switch (formula.type) {
    case "improvement_percentage": {
      const { baseline_field: field, baseline_visit: visit } = formula;
      const baseline = readNumber(context.baselineValues, field, {
        missing: messageRef("forms.calc.baselineMissing", { field, visit }),
        notNumber: messageRef("forms.calc.baselineNotNumber", { field }),
      });
      if (!baseline.ok) return { value: null, error: baseline.error };
      if (baseline.value === 0)
        return { value: null, error: messageRef("forms.calc.baselineZero", { field }) };
      const current = readNumber(values, formula.current_field);
      if (!current.ok) return { value: null, error: current.error };
      return { value: ((baseline.value - current.value) / baseline.value) * 100, error: null };
    }
    case "threshold": {
      const read = readNumber(values, formula.field);
      if (!read.ok) return { value: null, error: read.error };
      return { value: compareThreshold(read.value, formula.operator, formula.threshold), error: null };
    }
    case "sum":
    case "average": {
      const numbers = readAll(values, formula.fields);
      if (typeof numbers === "string") return { value: null, error: numbers };
      const total = numbers.reduce((sum, value) => sum + value, 0);
      const value = formula.type === "sum" ? total : total / numbers.length;
      return Number.isFinite(value)
        ? { value, error: null }
        : { value: null, error: messageRef("forms.calc.notFinite") };
    }
    case "custom_expression":
      return evaluateExpression(formula.expression, values as Record<string, unknown>);
    default:
      return { value: null, error: `Unknown formula type: ${String((formula as { type?: unknown }).type)}` };
  }
}

export function runCalculations(
  calcs: readonly Formulated[],
  values: Record<string, unknown>,
  context: CalculationContext = {},
): CalculationRun {
  const results: Record<string, CalculationValue> = {};
  const errors: Record<string, string> = {};
  // The data later calculations see: the current values plus every result so far.
  const scope: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (typeof values === "object" && values !== null) {
    for (const key of Object.keys(values)) setOwn(scope, key, ownValue(values, key));
  }
  const list = Array.isArray(calcs) ? calcs : [];
  const graph = buildCalculationGraph(list);
  for (const index of graph.order) {
    const calc = list[index];
    if (!calc) continue;
    let outcome: Outcome;
    if (graph.cyclic.has(index)) {
      outcome = {
        value: null,
        error: messageRef("forms.calc.circular", { cycle: (graph.cycles.get(index) ?? []).join(" → ") }),
      };
    } else {
      try {
        outcome = compute(calc, scope, context ?? {});
      } catch {
        // compute() has no throwing paths for valid configs; this guards configs that skipped zod.
        outcome = { value: null, error: messageRef("forms.calc.failed") };
      }
    }
    setOwn(results, calc.name, outcome.value);
    if (outcome.error !== null) setOwn(errors, calc.name, outcome.error);
    setOwn(scope, calc.name, outcome.value);
  }
  return { results, errors };
}
