/**
 * The Calculations tab's rules (spec §3 Calculation, §5): drafts of every formula type, the name
 * generated from the label, the number fields the pickers offer, and the "try it" run on sample
 * values with the calculation engine itself. Pure: no I/O.
 */
import {
  BACKSTOP_MESSAGE,
  calculationDependencies,
  parseExpression,
  runCalculations,
  WORK_LIMIT_MESSAGE,
} from "@/lib/calc";
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import {
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  THRESHOLD_OPERATORS,
  type Calculation,
  type CalculationFormula,
  type DataField,
  type ThresholdOperator,
} from "@/lib/schemas/study-config";
import { THRESHOLD_SYMBOLS } from "./calculation-sentence";
import { nameFromLabel } from "./data-fields";

export const FORMULA_TYPES = [
  { type: "improvement_percentage", label: "Improvement percentage" },
  { type: "threshold", label: "Threshold" },
  { type: "sum", label: "Sum" },
  { type: "average", label: "Average" },
  { type: "custom_expression", label: "Custom expression" },
] as const;
export type FormulaType = (typeof FORMULA_TYPES)[number]["type"];

const THRESHOLD_WORDS: Record<ThresholdOperator, string> = {
  gt: "greater than",
  gte: "greater or equal",
  lt: "less than",
  lte: "less or equal",
  eq: "equal",
  ne: "not equal",
};
/** The operator picker's options: the symbol the summaries use, then its words. */
export const THRESHOLD_LABELS = Object.fromEntries(
  THRESHOLD_OPERATORS.map((op) => [op, `${THRESHOLD_SYMBOLS[op]} ${THRESHOLD_WORDS[op]}`]),
) as Record<ThresholdOperator, string>;
export { THRESHOLD_OPERATORS };

/** The name follows the label while it is empty or still a generated `calc_` name (spec §5). */
export function followsLabel(name: string): boolean {
  return name === "" || name.startsWith("calc_");
}

export function calculationNameFromLabel(label: string): string {
  const base = nameFromLabel(label);
  return base ? `calc_${base}`.slice(0, NAME_MAX_LENGTH).replace(/_+$/, "") : "";
}

/** Field pickers offer only number fields (spec §5), visit fields first as calculations run on visits. */
export function numberFields(fields: readonly DataField[]): DataField[] {
  return fields
    .filter((field) => field.type === "number")
    .sort((a, b) => (a.entity === b.entity ? 0 : a.entity === "visit" ? -1 : 1));
}

export function emptyFormula(type: FormulaType): CalculationFormula {
  switch (type) {
    case "improvement_percentage":
      return { type, baseline_field: "", baseline_visit: "baseline", current_field: "" };
    case "threshold":
      return { type, field: "", operator: "gte", threshold: 0 };
    case "sum":
    case "average":
      return { type, fields: [] };
    case "custom_expression":
      return { type, expression: "" };
  }
}

export type CalculationErrors = Partial<Record<"name" | "label" | "formula" | "expression", string>>;

/** The keys a formula reads from the visit's values: the sample inputs of the "try it" panel. */
export function sampleKeys(formula: CalculationFormula): string[] {
  return calculationDependencies({ name: "", label: "", formula }).filter(Boolean);
}

/** Sample text → the value a form would store: numbers as numbers, anything else as typed. */
function sampleValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

export type TryResult = { value: unknown; error: string | null };

/**
 * Runs the study's calculations with the draft in place of the edited one, on the sample values
 * (the baseline values for improvement_percentage), and answers the draft's result.
 */
export function tryCalculation(
  draft: Calculation,
  others: readonly Calculation[],
  samples: Record<string, string>,
  baselineSamples: Record<string, string> = {},
): TryResult {
  const values = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, sampleValue(v)]));
  const baseline = Object.fromEntries(Object.entries(baselineSamples).map(([k, v]) => [k, sampleValue(v)]));
  const run = runCalculations([...others, draft], values, { baselineValues: baseline });
  return { value: run.results[draft.name] ?? null, error: run.errors[draft.name] ?? null };
}

/** Checks of the dialog's Save: the same messages as the config rules, plus the work budget. */
export function validateCalculation(
  draft: Calculation,
  others: readonly Calculation[],
  fieldNames: ReadonlySet<string>,
  trial: TryResult,
): CalculationErrors {
  const errors: CalculationErrors = {};
  if (!draft.name.trim() || !draft.label.trim()) {
    if (!draft.label.trim()) errors.label = MESSAGES.calculationRequired;
    if (!draft.name.trim()) errors.name = MESSAGES.calculationRequired;
  } else if (draft.name.length > NAME_MAX_LENGTH || !NAME_PATTERN.test(draft.name)) {
    errors.name = MESSAGES.calculationName;
  } else if (others.some((other) => other.name === draft.name)) {
    errors.name = MESSAGES.calculationUnique;
  } else if (fieldNames.has(draft.name)) {
    errors.name = MESSAGES.calculationClashesWithField;
  }
  const f = draft.formula;
  if (f.type === "custom_expression") {
    const parsed = parseExpression(f.expression);
    if (!f.expression.trim()) errors.expression = "Expression is required";
    else if (!parsed.ok) errors.expression = parsed.error;
    // An expression over the work budget would be cut off in every form: never saved.
    else if (trial.error === WORK_LIMIT_MESSAGE || trial.error === BACKSTOP_MESSAGE)
      errors.expression = trial.error;
  } else if (f.type === "improvement_percentage") {
    if (!f.baseline_field || !f.current_field || !f.baseline_visit.trim())
      errors.formula = "Choose the baseline field, the baseline visit and the current field";
  } else if (f.type === "threshold") {
    if (!f.field || !Number.isFinite(f.threshold)) errors.formula = "Choose a field and a numeric threshold";
  } else if (f.fields.length === 0) {
    errors.formula = "Choose at least one field";
  }
  return errors;
}

/** "at position N" of an engine message, 1-based, to point at the character in the expression. */
export function errorPosition(message: string | null): number | null {
  const match = message ? /\(position (\d+)\)/.exec(message) : null;
  return match ? Number(match[1]) : null;
}
