import { screen, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { describe, expect, it, vi } from "vitest";
import { CalculationsEditor } from "@/components/study-editor/calculations/calculations-editor";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { StudyConfigShape } from "@/lib/schemas/study-config";

const demo = StudyConfigShape.parse(DEMO_STUDY_CONFIG);

describe("Calculations tab list", () => {
  it("summarises each calculation in words with the study's labels, never as codes", () => {
    renderWithIntl(
      <CalculationsEditor
        calculations={demo.calculations}
        dataFields={demo.data_fields}
        visitTypes={demo.visit_types}
        onChange={vi.fn()}
      />,
    );
    const summary = (label: string) =>
      within(screen.getByRole("listitem", { name: label })).getByTestId("calculation-summary");
    expect(summary("PASI 75 achieved")).toHaveTextContent(/^PASI improvement ≥ 75%$/);
    expect(summary("PASI improvement (%)")).toHaveTextContent(/^% improvement in PASI since Baseline$/);
    expect(summary("Patient-reported burden (DLQI + itch)")).toHaveTextContent(/^Sum of DLQI and Itch NRS$/);
    // A custom expression is shown as the expression it is.
    expect(summary("PASI (% of maximum)")).toHaveTextContent("round(data['pasi_score'] / 72 * 100, 1)");
    const list = screen.getByRole("list");
    expect(list).not.toHaveTextContent(/\b(gte|lte|gt|lt|eq|ne)\b/);
    expect(list).not.toHaveTextContent("pasi_improvement gte");
  });

  it("shows an Italian reader a bilingual study's labels in Italian, in the list and its sentences", () => {
    renderWithIntl(
      <CalculationsEditor
        calculations={[
          {
            name: "pasi75",
            label: { it: "PASI 75 raggiunto", en: "PASI 75 achieved" },
            formula: { type: "threshold", field: "pasi_score", operator: "gte", threshold: 75 },
          },
          {
            name: "itch_total",
            label: { it: "", en: "Itch total" },
            formula: { type: "sum", fields: ["itch"] },
          },
        ]}
        dataFields={[
          {
            entity: "visit",
            name: "pasi_score",
            label: { it: "Punteggio PASI", en: "PASI score" },
            type: "number",
          },
          { entity: "visit", name: "itch", label: "Itch NRS", type: "number" },
        ]}
        visitTypes={[]}
        onChange={vi.fn()}
      />,
      { locale: "it" },
    );
    const pasi = screen.getByRole("listitem", { name: "PASI 75 raggiunto" });
    expect(within(pasi).getByTestId("calculation-summary")).toHaveTextContent(/^Punteggio PASI ≥ 75$/);
    // No Italian label: the English one, marked with its language.
    const itch = screen.getByRole("listitem", { name: "Itch total" });
    expect(within(itch).getByText("Itch total")).toHaveAttribute("lang", "en");
  });
});
