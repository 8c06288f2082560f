/** The patient page's casebook download (docs/decisions/0035): the server's PDF, named in the reader's words. */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CasebookLink } from "@/components/patient-detail/casebook-link";
import { renderWithIntl } from "@/tests/support/render-with-intl";

describe("CasebookLink", () => {
  it("links to the patient's casebook PDF as a download", () => {
    renderWithIntl(<CasebookLink patientId={42} />);
    const link = screen.getByRole("link", { name: "Casebook PDF" });
    expect(link.getAttribute("href")).toBe("/api/patients/42/casebook.pdf");
    expect(link.hasAttribute("download")).toBe(true);
    expect(link.getAttribute("title")).toBe("Download this patient's casebook as a PDF");
  });

  it("speaks Italian to an Italian reader", () => {
    renderWithIntl(<CasebookLink patientId={7} />, { locale: "it" });
    expect(screen.getByRole("link", { name: "Casebook PDF" }).getAttribute("title")).toBe(
      "Scarica in PDF il casebook di questo paziente",
    );
  });
});
