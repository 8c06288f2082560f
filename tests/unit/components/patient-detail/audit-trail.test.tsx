import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { AuditTrailList } from "@/components/patient-detail/audit-trail";

describe("Patient Audit Trail", () => {
  it("says so when there are no rows", () => {
    renderWithIntl(<AuditTrailList entries={[]} />);
    expect(screen.getByText("No audit logs found for this patient")).toBeInTheDocument();
  });

  it("lists action, entity, the user's name, reason and changed fields", () => {
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
            reason: "Transcription error",
            old_values: { pasi_score: 5 },
            new_values: { pasi_score: 4, version: 2 },
          },
        ]}
      />,
    );
    expect(screen.getByText("update")).toBeInTheDocument();
    expect(screen.getByText("visit #12")).toBeInTheDocument();
    expect(screen.getByText(/by Paula Investigator/)).toBeInTheDocument();
    expect(screen.getByText("Reason: Transcription error")).toBeInTheDocument();
    expect(screen.getByText("Changed: pasi_score, version")).toBeInTheDocument();
  });
});
