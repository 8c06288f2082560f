/**
 * A calculation said in words, for every screen that summarises one (the Calculations tab's list,
 * the dashboard's efficacy figure): "PASI improvement ≥ 75%", not `pasi_improvement gte 75`.
 * Names become the labels the study gives them; operators become symbols. Pure: no I/O. (The data
 * dictionary keeps its own machine-readable text, lib/dictionary/formula-text.ts, which must
 * round-trip; this one is for people.) The words are the catalogue's (`editorCalculations.sentence`,
 * docs/decisions/0021): a screen passes its language's translator, English otherwise.
 *
 * It reads a configuration in one language (decision 0022): the study home page's, and in the
 * editor the document put into the reader's language first (`configIn`).
 */
import { createTranslator } from "use-intl/core";
import englishCalculations from "@/messages/en/editorCalculations.json";
import type {
  Calculation,
  CalculationFormula,
  DataField,
  ThresholdOperator,
  VisitType,
} from "@/lib/schemas/study-config";

export const THRESHOLD_SYMBOLS: Record<ThresholdOperator, string> = {
  gt: ">",
  gte: "≥",
  lt: "<",
  lte: "≤",
  eq: "=",
  ne: "≠",
};

export type SentenceKey = keyof typeof englishCalculations.sentence;
/** Says one sentence of the catalogue in the reader's language (next-intl's `t`, its keys under `sentence`). */
export type SaySentence = (key: SentenceKey, values: Record<string, string>) => string;

const english = createTranslator({
  locale: "en",
  messages: { sentence: englishCalculations.sentence },
  namespace: "sentence",
});
const inEnglish: SaySentence = (key, values) => english(key, values);

/** What the names of a formula are looked up in: the study's own definitions. */
export type CalculationContext = {
  dataFields?: readonly DataField[];
  calculations?: readonly Calculation[];
  visitTypes?: readonly VisitType[];
};

/** A label that states its unit as a percentage: "PASI improvement (%)". */
const PERCENT_UNIT = /\s*\(%\)\s*$/;

type Named = { text: string; percent: boolean };

/**
 * A field or calculation by its label. A percentage moves its unit from the label to the number
 * it is compared with ("PASI improvement (%) ≥ 75" reads "PASI improvement ≥ 75%"). A name the study
 * does not define is shown as it is, so a broken reference stays visible.
 */
function named(name: string, context: CalculationContext): Named {
  const calculation = context.calculations?.find((c) => c.name === name);
  // Calculations run on visits: a visit field wins over a patient field of the same name.
  const field =
    context.dataFields?.find((f) => f.entity === "visit" && f.name === name) ??
    context.dataFields?.find((f) => f.name === name);
  const label = calculation?.label || field?.label || name;
  const percent = PERCENT_UNIT.test(label) || calculation?.formula.type === "improvement_percentage";
  return { text: label.replace(PERCENT_UNIT, "") || name, percent };
}

function visitLabel(code: string, context: CalculationContext): string {
  return context.visitTypes?.find((v) => v.code === code)?.label || code;
}

/** "A", "A and B", "A, B and C". */
function list(items: string[], say: SaySentence): string {
  return items.length < 2
    ? items.join("")
    : say("list", { first: items.slice(0, -1).join(", "), last: items.at(-1) ?? "" });
}

const number = (value: number) => (Object.is(value, -0) ? "0" : String(value));

/**
 * The formula as a sentence, or null for a custom expression: it has no sentence, and is shown as
 * the Python expression it is.
 */
export function formulaSentence(
  formula: CalculationFormula,
  context: CalculationContext,
  say: SaySentence = inEnglish,
): string | null {
  switch (formula.type) {
    case "improvement_percentage": {
      const current = named(formula.current_field, context).text;
      const visit = visitLabel(formula.baseline_visit, context);
      if (formula.current_field === formula.baseline_field)
        return say("improvementSince", { field: current, visit });
      return say("improvementOver", {
        current,
        baseline: named(formula.baseline_field, context).text,
        visit,
      });
    }
    case "threshold": {
      const subject = named(formula.field, context);
      // The catalogue's no-break space keeps the comparison together: "≥ 75%" never splits.
      return say("threshold", {
        subject: subject.text,
        operator: THRESHOLD_SYMBOLS[formula.operator],
        threshold: number(formula.threshold),
        percent: subject.percent ? "yes" : "no",
      });
    }
    case "sum":
      return say("sum", {
        fields: list(
          formula.fields.map((name) => named(name, context).text),
          say,
        ),
      });
    case "average":
      return say("average", {
        fields: list(
          formula.fields.map((name) => named(name, context).text),
          say,
        ),
      });
    case "custom_expression":
      return null;
  }
}

export function calculationSentence(
  calculation: Calculation,
  context: CalculationContext,
  say: SaySentence = inEnglish,
): string | null {
  return formulaSentence(calculation.formula, context, say);
}

/**
 * Every calculation of a study by name, as a screen shows it in one line: its sentence, or its
 * label when it is a custom expression.
 */
export function calculationSummaries(
  config: {
    data_fields: readonly DataField[];
    calculations: readonly Calculation[];
    visit_types: readonly VisitType[];
  },
  say: SaySentence = inEnglish,
): Record<string, string> {
  const context = {
    dataFields: config.data_fields,
    calculations: config.calculations,
    visitTypes: config.visit_types,
  };
  return Object.fromEntries(
    config.calculations.map((c) => [c.name, calculationSentence(c, context, say) ?? c.label]),
  );
}
