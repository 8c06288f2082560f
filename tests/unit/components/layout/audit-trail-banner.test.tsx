import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { AuditTrailBanner } from "@/components/layout/audit-trail-banner";

describe("audit trail banner (every admin page while the trail is broken)", () => {
  it("says clinical data cannot be changed and where the procedure is, with the findings for auditors", () => {
    renderWithIntl(
      <AuditTrailBanner
        detectedAt="2026-01-05T09:00:00.000Z"
        findings={["row id 3, the first row, does not start the chain: rows before it were deleted"]}
      />,
    );
    const banner = screen.getByRole("alert");
    expect(banner).toHaveTextContent("The audit trail is broken: clinical data cannot be changed");
    expect(banner).toHaveTextContent("docs/audit-trail-recovery.md");
    expect(banner).toHaveTextContent("Jan 05, 2026 10:00:00 GMT+1");
    expect(screen.getByText(/row id 3, the first row/)).toBeInTheDocument();
  });

  it("shows no finding to someone who may not read the audit logs", () => {
    renderWithIntl(<AuditTrailBanner detectedAt="2026-01-05T09:00:00.000Z" findings={null} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The audit trail is broken");
    expect(screen.queryByRole("listitem")).toBeNull();
  });
});
