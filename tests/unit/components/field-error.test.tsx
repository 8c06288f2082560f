/** FieldError puts a message reference into the reader's words (docs/decisions/0021). */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FieldError } from "@/components/ui/field-error";
import { PATIENT_MESSAGES } from "@/lib/schemas/patients";
import { renderWithIntl } from "@/tests/support/render-with-intl";

describe("FieldError", () => {
  it("shows a schema's message in English and in Italian", () => {
    const { unmount } = renderWithIntl(<FieldError id="code" error={PATIENT_MESSAGES.codeRequired} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Patient code is required");
    unmount();
    renderWithIntl(<FieldError id="code" error={PATIENT_MESSAGES.codeRequired} />, { locale: "it" });
    expect(screen.getByRole("alert")).toHaveTextContent("Il codice paziente è obbligatorio");
    expect(screen.getByRole("alert")).not.toHaveTextContent("i18n:");
  });

  it("puts a label given as a reference into words too", () => {
    const { container } = renderWithIntl(<FieldError id="h" error={PATIENT_MESSAGES.codeTooLong} />, {
      locale: "it",
    });
    expect(container).toHaveTextContent("Il codice paziente deve avere al massimo 50 caratteri");
  });

  it("shows plain text (a study's own words) as it is, without a catalogue", () => {
    render(<FieldError id="x" error="Psoriasis onset is required" />);
    expect(screen.getByRole("alert")).toHaveTextContent("Psoriasis onset is required");
  });
});
