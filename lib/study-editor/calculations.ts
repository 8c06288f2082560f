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
import { requiredText } from "@/lib/schemas/study-text";
import {
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  CalculationSchema,
  THRESHOLD_OPERATORS,
  type Calculation,
  type CalculationDocument,
  type CalculationFormula,
  type DataFieldDocument,
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
export function numberFields(fields: readonly DataFieldDocument[]): DataFieldDocument[] {
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
  return calculationDependencies({ name: "", formula }).filter(Boolean);
}

/** Sample text → the value a form would store: numbers as numbers, anything else as typed. */
function sampleValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

export type TryResult = { value: unknown; error: string | null };

/** What the engine runs: name and formula. It never reads a calculation's words (decision 0022). */
const forEngine = ({ name, formula }: CalculationDocument): Calculation => ({ name, label: name, formula });

/**
 * Runs the study's calculations with the draft in place of the edited one, on the sample values
 * (the baseline values for improvement_percentage), and answers the draft's result.
 */
export function tryCalculation(
  draft: CalculationDocument,
  others: readonly CalculationDocument[],
  samples: Record<string, string>,
  baselineSamples: Record<string, string> = {},
): TryResult {
  const values = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, sampleValue(v)]));
  const baseline = Object.fromEntries(Object.entries(baselineSamples).map(([k, v]) => [k, sampleValue(v)]));
  const run = runCalculations([...others, draft].map(forEngine), values, { baselineValues: baseline });
  return { value: run.results[draft.name] ?? null, error: run.errors[draft.name] ?? null };
}

/**
 * The rules of one calculation in the dialog (docs/decisions/0020): the config's `CalculationSchema`
 * (the formula parts and their messages) with what the config check (`studyConfigIssues`) asks of
 * each entry on save, in its messages: name and label present, the name well formed, not taken by
 * another calculation or a field, the expression parsed. `trial` runs the calculation on the "try
 * it" samples: an expression over the engine's work budget would be cut off in every form, so it is
 * never saved. Each rule sits on its own property, so all the messages show at once.
 */
export function calculationEntrySchema(
  others: readonly CalculationDocument[],
  fieldNames: ReadonlySet<string>,
  trial: (calculation: CalculationDocument) => TryResult,
) {
  return CalculationSchema.extend({
    label: requiredText(MESSAGES.calculationRequired),
    name: CalculationSchema.shape.name.superRefine((name, ctx) => {
      const problem = !name.trim()
        ? MESSAGES.calculationRequired
        : name.length > NAME_MAX_LENGTH || !NAME_PATTERN.test(name)
          ? MESSAGES.calculationName
          : others.some((other) => other.name === name)
            ? MESSAGES.calculationUnique
            : fieldNames.has(name)
              ? MESSAGES.calculationClashesWithField
              : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  }).superRefine((calculation, ctx) => {
    const f = calculation.formula;
    if (f.type !== "custom_expression") return;
    const parsed = parseExpression(f.expression);
    const path = ["formula", "expression"];
    if (!parsed.ok) ctx.addIssue({ code: "custom", path, message: parsed.error });
    else {
      const { error } = trial(calculation);
      if (error === WORK_LIMIT_MESSAGE || error === BACKSTOP_MESSAGE)
        ctx.addIssue({ code: "custom", path, message: error });
    }
  });
}

/** An issue's place in the dialog: the name, the label, the expression, or the formula as a whole. */
export function calculationErrorKey(path: readonly PropertyKey[]): keyof CalculationErrors | null {
  if (path[0] === "name" || path[0] === "label") return path[0];
  if (path[0] !== "formula") return null;
  return path[1] === "expression" ? "expression" : "formula";
}

/** Checks of the dialog's Save (see `calculationEntrySchema`): the first message per place. */
export function validateCalculation(
  draft: CalculationDocument,
  others: readonly CalculationDocument[],
  fieldNames: ReadonlySet<string>,
  trial: TryResult,
): CalculationErrors {
  const parsed = calculationEntrySchema(others, fieldNames, () => trial).safeParse(draft);
  const errors: CalculationErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = calculationErrorKey(issue.path);
    if (key) errors[key] ??= issue.message;
  }
  return errors;
}

/** "at position N" of an engine message, 1-based, to point at the character in the expression. */
export function errorPosition(message: string | null): number | null {
  const match = message ? /\(position (\d+)\)/.exec(message) : null;
  return match ? Number(match[1]) : null;
}
