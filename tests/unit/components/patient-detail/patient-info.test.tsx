import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { PatientInfo } from "@/components/patient-detail/patient-info";
import { patient } from "./fixtures";

const valueOf = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe("Patient Information", () => {
  it("shows the naive flags as SI/NO, like the patient form", () => {
    renderWithIntl(<PatientInfo patient={patient({ naive_systemic: true, naive_biologic: false })} />);
    expect(valueOf("Systemic Naive")).toBe("SI");
    expect(valueOf("Biologic Naive")).toBe("NO");
  });

  it("shows birth and enrollment dates as 'MMM dd, yyyy'", () => {
    renderWithIntl(
      <PatientInfo patient={patient({ birth_date: "1980-05-07", created_at: "2024-03-09T10:00:00.000Z" })} />,
    );
    expect(valueOf("Birth Date")).toBe("May 07, 1980");
    expect(valueOf("Enrollment Date")).toBe("Mar 09, 2024");
  });

  it("shows code, sex, height and weight, and a dash for a missing measure", () => {
    renderWithIntl(<PatientInfo patient={patient({ sex: "M", height_cm: 181, weight_kg: null })} />);
    expect(valueOf("Patient Code")).toBe("PSO-007");
    expect(valueOf("Sex")).toBe("Male");
    expect(valueOf("Height")).toBe("181 cm");
    expect(valueOf("Weight")).toBe("—");
  });
});
