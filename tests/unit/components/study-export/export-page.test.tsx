import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ExportPage } from "@/components/study-export/export-page";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const VISIT_TYPES = [
  { code: "baseline", label: "Baseline" },
  { code: "week_12", label: "Week 12" },
];

describe("Export screen", () => {
  it("offers the three formats with their options, in English", async () => {
    renderWithIntl(<ExportPage studyId={3} studyName="Psoriasis Registry" visitTypes={VISIT_TYPES} />);
    expect(screen.getByRole("heading", { name: "Export study data" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /CSV, one row per visit/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Raw codes" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /^Zip with data dictionary/ })).toBeInTheDocument();
    // ODM has no option values and offers the audit record instead of the zip.
    await userEvent.setup().click(screen.getByRole("radio", { name: /CDISC ODM 1\.3\.2/ }));
    expect(screen.queryByRole("radio", { name: "Raw codes" })).toBeNull();
    expect(
      screen.getByRole("checkbox", { name: /^Include the audit record of each item/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download data dictionary (CSV)" })).toHaveAttribute(
      "href",
      "/api/studies/3/data-dictionary",
    );
  });

  it("speaks Italian, with the study's own visit types as they are", () => {
    renderWithIntl(<ExportPage studyId={3} studyName="Psoriasis Registry" visitTypes={VISIT_TYPES} />, {
      locale: "it",
    });
    expect(screen.getByRole("heading", { name: "Esportazione dei dati dello studio" })).toBeInTheDocument();
    expect(screen.getByText(/^Psoriasis Registry: i pazienti che il tuo ruolo/)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /CSV, una riga per visita/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /^Deidentifica/ })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Week 12" })).toBeInTheDocument();
    expect(screen.getByLabelText("Data visita dal")).toHaveAttribute("type", "date");
    expect(screen.getByRole("button", { name: "Esporta" })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Export|Visits|Options|one row|De-identify|Download/);
  });
});
