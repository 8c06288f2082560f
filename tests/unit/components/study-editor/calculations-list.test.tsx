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
});
