import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { AuditTrailList, rowsShown } from "@/components/patient-detail/audit-trail";
import type { TrailEntry } from "@/lib/schemas/audit-logs";
import type { TrailSubject } from "@/lib/schemas/readable-audit";

const visit = (number: number, type: string, label: string): TrailSubject => ({
  kind: "visit",
  patient_code: null,
  visit_number: number,
  visit_type: type,
  visit_type_label: label,
});

const base = {
  timestamp: "2024-04-01T09:30:00.000Z",
  user_id: 3,
  user_name: "Paula Investigator",
  entity_type: "visit",
  study_id: 1,
  old_values: null,
  new_values: null,
} as const;

/** A baseline edit as the server reads it: PASI 20 → 18 with a reason, one follow-up recalculated. */
const edit: TrailEntry = {
  ...base,
  id: 41,
  action: "update",
  entity_id: "12",
  reason: "Transcription error",
  readable: {
    subject: visit(1, "baseline", "Baseline"),
    changes: [{ field: "pasi_score", label: "PASI", old_text: "20", new_text: "18", old: 20, new: 18 }],
    recalculations: [
      {
        entry_id: 42,
        subject: visit(2, "week_12", "Week 12"),
        changes: [
          {
            field: "pasi_improvement",
            label: "PASI improvement (%)",
            old_text: "50",
            new_text: "44,444",
            old: 50,
            new: 44.444,
          },
          {
            field: "pasi75_achieved",
            label: "PASI 75 achieved",
            old_text: "",
            new_text: "No",
            old: null,
            new: false,
          },
        ],
      },
    ],
    recalculated_after: null,
    confirmed_warnings: ["Visit date out of order"],
  },
};

describe("Patient Audit Trail", () => {
  it("says so when there are no rows", () => {
    renderWithIntl(<AuditTrailList entries={[]} />);
    expect(screen.getByText("No audit logs found for this patient")).toBeInTheDocument();
  });

  it("reads a visit edit: visit by number and type, label old → new, reason, recalculations beneath", () => {
    renderWithIntl(<AuditTrailList entries={[edit]} />);
    const entry = screen.getByTestId("audit-entry");
    expect(within(entry).getByTestId("trail-summary")).toHaveTextContent("Visit 1 (Baseline): PASI 20 → 18");
    expect(entry).not.toHaveTextContent("#12");
    expect(within(entry).getByText("update")).toBeInTheDocument();
    expect(within(entry).getByText(/by Paula Investigator/)).toBeInTheDocument();
    expect(within(entry).getByText("Reason: Transcription error")).toBeInTheDocument();
    expect(within(entry).getByTestId("trail-recalculation")).toHaveTextContent(
      "Recalculated: Visit 2 (Week 12): PASI improvement (%) 50 → 44,444; PASI 75 achieved (blank) → No",
    );
    expect(within(entry).getByText("Warnings confirmed: Visit date out of order")).toBeInTheDocument();
    // The folded recalculation row counts among the rows shown.
    expect(rowsShown([edit])).toBe(2);
  });

  it("speaks Italian to an Italian reader", () => {
    renderWithIntl(<AuditTrailList entries={[edit]} />, { locale: "it" });
    expect(screen.getByTestId("trail-summary")).toHaveTextContent("Visita 1 (Baseline): PASI 20 → 18");
    expect(screen.getByTestId("trail-recalculation")).toHaveTextContent("Ricalcolato: Visita 2 (Week 12)");
    expect(screen.getByText(/\(vuoto\) → No/)).toBeInTheDocument();
  });

  it("lists what a creation entered, and names a recalculation's cause when it stands alone", () => {
    renderWithIntl(
      <AuditTrailList
        entries={[
          {
            ...base,
            id: 50,
            action: "update",
            entity_id: "13",
            reason: null,
            readable: {
              subject: visit(3, "week_24", "Week 24"),
              changes: [],
              recalculations: [
                {
                  entry_id: 50,
                  subject: visit(3, "week_24", "Week 24"),
                  changes: [
                    {
                      field: "pasi_improvement",
                      label: "PASI improvement (%)",
                      old_text: "10",
                      new_text: "20",
                      old: 10,
                      new: 20,
                    },
                  ],
                },
              ],
              recalculated_after: visit(1, "baseline", "Baseline"),
              confirmed_warnings: [],
            },
          },
          {
            ...base,
            id: 40,
            action: "create",
            entity_id: "12",
            reason: null,
            readable: {
              subject: visit(1, "baseline", "Baseline"),
              changes: [
                {
                  field: "visit_date",
                  label: "Visit date",
                  old_text: "",
                  new_text: "Jan 10, 2024",
                  old: null,
                  new: "2024-01-10",
                },
                { field: "pasi_score", label: "PASI", old_text: "", new_text: "20", old: null, new: 20 },
              ],
              recalculations: [],
              recalculated_after: null,
              confirmed_warnings: [],
            },
          },
        ]}
      />,
    );
    const [recalc, created] = screen.getAllByTestId("audit-entry");
    expect(recalc).toHaveTextContent("Recalculated after a change to Visit 1 (Baseline)");
    expect(recalc).toHaveTextContent("Recalculated: Visit 3 (Week 24): PASI improvement (%) 10 → 20");
    expect(within(created!).getByTestId("trail-summary")).toHaveTextContent(/^Visit 1 \(Baseline\)$/);
    expect(created).toHaveTextContent("Visit date: Jan 10, 2024 · PASI: 20");
  });

  it("keeps other rows as stored: entity and the changed fields", () => {
    renderWithIntl(
      <AuditTrailList
        entries={[
          {
            ...base,
            id: 5,
            action: "update",
            entity_type: "therapy_line",
            entity_id: "7",
            reason: null,
            old_values: { end_date: null },
            new_values: { end_date: "2024-04-01" },
            readable: null,
          },
        ]}
      />,
    );
    expect(screen.getByText("Changed: end_date")).toBeInTheDocument();
  });
});
