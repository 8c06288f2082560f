import { fireEvent, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { AuditLogFilters } from "@/components/audit-logs/audit-log-filters";
import { AuditLogTable } from "@/components/audit-logs/audit-log-table";
import { EMPTY_AUDIT_FILTERS } from "@/lib/client/audit-logs";
import type { AuditLogEntry } from "@/lib/schemas/audit-logs";

const denial: AuditLogEntry = {
  id: 9,
  timestamp: "2026-01-05T09:00:30.000Z",
  user_id: 4,
  user_email: "prober@example.org",
  action: "access_denied",
  entity_type: "patient",
  entity_id: "12",
  study_id: 1,
  ip_address: "203.0.113.9",
  reason: "Patient not found (GET /api/patients/12) — repeated 499 more time(s) within 60 s of the first",
  old_values: null,
  new_values: { count: 499, first_at: "2026-01-05T09:00:00.000Z", last_at: "2026-01-05T09:00:30.000Z" },
};

describe("the Audit Logs page's security view", () => {
  it("lists refused accesses with one click", () => {
    const onApply = vi.fn();
    renderWithIntl(<AuditLogFilters onApply={onApply} />);
    fireEvent.click(screen.getByRole("button", { name: "Security: refused accesses" }));
    expect(onApply).toHaveBeenCalledWith({ ...EMPTY_AUDIT_FILTERS, action: "access_denied" });
    expect(screen.getByLabelText("Action")).toHaveValue("access_denied");
  });

  it("shows how many refusals a counted row stands for, with the address, for admins", () => {
    renderWithIntl(
      <QueryClientProvider client={new QueryClient()}>
        <AuditLogTable entries={[denial]} loading={false} />
      </QueryClientProvider>,
    );
    const row = screen.getByTestId("audit-row");
    expect(within(row).getAllByText("access_denied ×499").length).toBeGreaterThan(0);
    expect(within(row).getByText("203.0.113.9")).toBeInTheDocument();
  });
});
