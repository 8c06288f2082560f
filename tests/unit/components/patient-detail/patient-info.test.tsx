import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PatientInfo } from "@/components/patient-detail/patient-info";
import { patient } from "./fixtures";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const valueOf = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe("Patient Information", () => {
  it("shows the naive flags as yes/no like the patient form: Yes/No, Sì/No in Italian", () => {
    const { unmount } = renderWithIntl(
      <PatientInfo patient={patient({ naive_systemic: true, naive_biologic: false })} />,
    );
    expect(valueOf("Systemic Naive")).toBe("Yes");
    expect(valueOf("Biologic Naive")).toBe("No");
    unmount();
    renderWithIntl(
      <PatientInfo patient={patient({ birth_date: "1980-05-07", naive_systemic: true, sex: "M" })} />,
      { locale: "it" },
    );
    expect(valueOf("Naive a terapie sistemiche")).toBe("Sì");
    expect(valueOf("Data di nascita")).toBe("07 mag 1980");
    expect(valueOf("Sesso")).toBe("Maschio");
  });

  it("shows birth and enrollment dates as 'MMM dd, yyyy': enrolment is the baseline visit's date, not the row's", () => {
    const { unmount } = renderWithIntl(
      <PatientInfo
        patient={patient({
          birth_date: "1980-05-07",
          created_at: "2025-11-30T10:00:00.000Z",
          enrolled_on: "2024-03-09",
        })}
      />,
    );
    expect(valueOf("Birth Date")).toBe("May 07, 1980");
    expect(valueOf("Enrollment Date")).toBe("Mar 09, 2024");
    unmount();
    renderWithIntl(<PatientInfo patient={patient({ enrolled_on: null })} />);
    expect(valueOf("Enrollment Date")).toBe("— (no baseline visit yet)");
  });

  it("shows code, sex, height and weight, and a dash for a missing measure", () => {
    renderWithIntl(<PatientInfo patient={patient({ sex: "M", height_cm: 181, weight_kg: null })} />);
    expect(valueOf("Patient Code")).toBe("PSO-007");
    expect(valueOf("Sex")).toBe("Male");
    expect(valueOf("Height")).toBe("181 cm");
    expect(valueOf("Weight")).toBe("—");
  });
});
