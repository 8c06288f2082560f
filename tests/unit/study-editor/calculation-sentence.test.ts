import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { configIn } from "@/lib/i18n/study-config-language";
import { StudyConfigShape, THRESHOLD_OPERATORS, type Calculation } from "@/lib/schemas/study-config";
import {
  calculationSentence,
  calculationSummaries,
  formulaSentence,
  type SaySentence,
} from "@/lib/study-editor/calculation-sentence";
import italian from "@/messages/it";
import { THRESHOLD_LABELS } from "@/lib/study-editor/calculations";

// The sentences read a configuration in one language (decision 0022), as the home page has it.
const demo = configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");
const context = {
  dataFields: demo.data_fields,
  calculations: demo.calculations,
  visitTypes: demo.visit_types,
};
const byName = (name: string) => demo.calculations.find((c) => c.name === name)!;

describe("calculations in words", () => {
  it("says the demo study's calculations as sentences with the study's labels", () => {
    expect(calculationSentence(byName("pasi75_achieved"), context)).toBe("PASI improvement ≥\u00a075%");
    expect(calculationSentence(byName("pasi_improvement"), context)).toBe(
      "% improvement in PASI since Baseline",
    );
    expect(calculationSentence(byName("pro_burden_total"), context)).toBe("Sum of DLQI and Itch NRS");
    // A custom expression has no sentence: screens show the expression or the label.
    expect(calculationSentence(byName("pasi_percent_of_max"), context)).toBeNull();
    expect(calculationSummaries(demo)).toEqual({
      pasi_improvement: "% improvement in PASI since Baseline",
      pasi75_achieved: "PASI improvement ≥\u00a075%",
      pro_burden_total: "Sum of DLQI and Itch NRS",
      pasi_percent_of_max: "PASI (% of maximum)",
    });
  });

  it("writes every operator as its symbol, never its code", () => {
    const said = THRESHOLD_OPERATORS.map((operator) =>
      formulaSentence({ type: "threshold", field: "dlqi_score", operator, threshold: 10 }, context),
    );
    // A no-break space ties the operator to its number.
    expect(said.map((text) => text?.replace("\u00a0", " "))).toEqual([
      "DLQI > 10",
      "DLQI ≥ 10",
      "DLQI < 10",
      "DLQI ≤ 10",
      "DLQI = 10",
      "DLQI ≠ 10",
    ]);
    expect(said.every((text) => /^DLQI \S\u00a010$/.test(text ?? ""))).toBe(true);
    // The operator picker shows the same symbols.
    expect(THRESHOLD_OPERATORS.map((op) => THRESHOLD_LABELS[op].split(" ")[0])).toEqual([
      ">",
      "≥",
      "<",
      "≤",
      "=",
      "≠",
    ]);
  });

  it("keeps a name the study does not define as it is, and lists three or more with commas", () => {
    const noContext = {};
    expect(
      formulaSentence({ type: "threshold", field: "gone_field", operator: "lt", threshold: -2.5 }, noContext),
    ).toBe("gone_field <\u00a0-2.5");
    expect(formulaSentence({ type: "average", fields: ["a", "b", "c"] }, noContext)).toBe(
      "Average of a, b and c",
    );
    const twoFields: Calculation = {
      name: "change",
      label: "Change",
      formula: {
        type: "improvement_percentage",
        baseline_field: "dlqi_score",
        baseline_visit: "week_12",
        current_field: "itch_nrs",
      },
    };
    expect(calculationSentence(twoFields, context)).toBe("% improvement of Itch NRS over DLQI at Week 12");
  });
});

describe("calculations in Italian words", () => {
  const t = createTranslator({ locale: "it", messages: italian, namespace: "editorCalculations" });
  const say: SaySentence = (key, values) => t(`sentence.${key}`, values);

  it("says the sentences with the Italian catalogue, the study's labels as they are", () => {
    expect(calculationSentence(byName("pasi_improvement"), context, say)).toBe(
      "% di miglioramento di PASI rispetto a Baseline",
    );
    expect(calculationSentence(byName("pasi75_achieved"), context, say)).toBe("PASI improvement ≥\u00a075%");
    expect(calculationSentence(byName("pro_burden_total"), context, say)).toBe("Somma di DLQI e Itch NRS");
    expect(formulaSentence({ type: "average", fields: ["a", "b", "c"] }, {}, say)).toBe("Media di a, b e c");
    expect(calculationSummaries(demo, say).pasi_percent_of_max).toBe("PASI (% of maximum)");
  });
});

describe("a bilingual study's calculations", () => {
  const document = StudyConfigShape.parse({
    version: 1,
    visit_types: [{ code: "baseline", label: { it: "Basale", en: "Baseline" }, order: 1 }],
    data_fields: [
      { entity: "visit", name: "pasi", label: "PASI", type: "number" },
      { entity: "visit", name: "itch", label: { it: "Prurito", en: "" }, type: "number" },
    ],
    calculations: [
      {
        name: "pasi_improvement",
        label: { it: "Miglioramento PASI (%)", en: "PASI improvement (%)" },
        formula: {
          type: "improvement_percentage",
          baseline_field: "pasi",
          baseline_visit: "baseline",
          current_field: "pasi",
        },
      },
      {
        name: "burden",
        label: "Burden",
        formula: { type: "sum", fields: ["pasi_improvement", "itch"] },
      },
    ],
  });
  const t = createTranslator({ locale: "it", messages: italian, namespace: "editorCalculations" });
  const say: SaySentence = (key, values) => t(`sentence.${key}`, values);

  it("names each text in the reader's language once the document is put into it, else the other's", () => {
    expect(calculationSummaries(configIn(document, "en"))).toEqual({
      pasi_improvement: "% improvement in PASI since Baseline",
      burden: "Sum of PASI improvement and Prurito",
    });
    expect(calculationSummaries(configIn(document, "it"), say)).toEqual({
      pasi_improvement: "% di miglioramento di PASI rispetto a Basale",
      burden: "Somma di Miglioramento PASI e Prurito",
    });
  });
});
