import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AuditPagination } from "@/components/audit-logs/audit-pagination";
import { AuditTrailList } from "@/components/patient-detail/audit-trail";
import { PatientInfo } from "@/components/patient-detail/patient-info";
import { VisitHistory } from "@/components/visits/visit-history";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { demoConfig, patient, visit } from "../patient-detail/fixtures";

// Dates and numbers on the screens follow the reader's language (docs/decisions/0021): the values
// below are written the Italian way, never 'May 07, 1980' or '12.5'.
describe("dates and numbers in Italian", () => {
  it("patient information: day-month-year dates and decimal commas", () => {
    renderWithIntl(
      <PatientInfo
        patient={patient({
          birth_date: "1980-05-07",
          height_cm: 181.5,
          weight_kg: 72.25,
          enrolled_on: "2024-03-10",
        })}
      />,
      { locale: "it" },
    );
    expect(screen.getByText("07 mag 1980")).toBeInTheDocument();
    // The enrolment date is the baseline visit's calendar date (docs/decisions/0028).
    expect(screen.getByText("10 mar 2024")).toBeInTheDocument();
    expect(screen.getByText("181,5 cm")).toBeInTheDocument();
    expect(screen.getByText("72,25 kg")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/May|Mar 09|181\.5/);
  });

  it("visit history: the visit's date and its scores", () => {
    renderWithIntl(
      <VisitHistory
        visitTypes={demoConfig.visit_types}
        actions={{ canWrite: false, canUnlock: false, onEdit: vi.fn(), onLock: vi.fn(), onUnlock: vi.fn() }}
        visits={[visit({ visit_date: "2024-01-05", data_fields: { pasi_score: 12.5, dlqi_score: 3 } })]}
      />,
      { locale: "it" },
    );
    const row = screen.getByTestId("visit-row-1");
    expect(row).toHaveTextContent("05 gen 2024");
    expect(row).toHaveTextContent("12,5");
    expect(row).not.toHaveTextContent("12.5");
  });

  it("audit trail: date, time to the second and the zone", () => {
    renderWithIntl(
      <AuditTrailList
        entries={[
          {
            id: 5,
            timestamp: "2024-04-01T09:30:00.000Z",
            user_id: 3,
            user_name: "Paula Investigator",
            action: "update",
            entity_type: "visit",
            entity_id: "12",
            study_id: 1,
            reason: null,
            old_values: null,
            new_values: null,
            readable: null,
          },
        ]}
      />,
      { locale: "it" },
    );
    expect(screen.getByText("01 apr 2024 11:30:00 CEST")).toHaveAttribute(
      "dateTime",
      "2024-04-01T09:30:00.000Z",
    );
  });

  it("counts group thousands with a point", () => {
    renderWithIntl(<AuditPagination page={1} pageSize={50} total={12345} onPage={vi.fn()} />, {
      locale: "it",
    });
    expect(screen.getByTestId("showing")).toHaveTextContent("12.345");
  });
});
