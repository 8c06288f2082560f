import type { ReactElement } from "react";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuditLogTable } from "@/components/audit-logs/audit-log-table";
import type { AuditLogEntry } from "@/lib/schemas/audit-logs";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import { renderWithQuery as renderWithQueryOnly } from "../study-area/render-with-query";

/** The page as a signed-in area renders it: a query client and the English catalogue. */
const renderWithQuery = (ui: ReactElement) => renderWithQueryOnly(<IntlWrapper>{ui}</IntlWrapper>);

const entry = (id: number, user_email: string | null): AuditLogEntry => ({
  id,
  timestamp: "2026-11-20T10:00:00.000Z",
  user_id: user_email === null ? null : 7,
  user_email,
  action: "update",
  entity_type: "patient",
  entity_id: "12",
  study_id: null,
  ip_address: "127.0.0.1",
  reason: null,
  old_values: null,
  new_values: null,
});

describe("audit log table: e-mail addresses", () => {
  it("offer a line break just before '@' and nowhere mid-word (no break-all)", () => {
    const { container } = renderWithQuery(
      <AuditLogTable
        entries={[entry(1, "maria.rossini-bianchi@ospedale-universitario.example.it")]}
        loading={false}
      />,
    );
    const row = screen.getByTestId("audit-row");
    // Twice: under the time on a phone, and in the User column from `md` up.
    const emails = within(row).getAllByTestId("email-text");
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      // The two parts are inline blocks with a break opportunity between them, nothing else.
      expect(email.innerHTML).toBe(
        '<span class="inline-block whitespace-nowrap">maria.rossini-bianchi</span><wbr><span class="inline-block whitespace-nowrap">@ospedale-universitario.example.it</span>',
      );
      expect(email.textContent).toBe("maria.rossini-bianchi@ospedale-universitario.example.it");
    }
    expect(container.querySelector(".break-all")).toBeNull();
  });

  it("keep 'System' for rows without a user, and an address without '@' whole", () => {
    renderWithQuery(<AuditLogTable entries={[entry(1, null), entry(2, "legacy-account")]} loading={false} />);
    const [system, legacy] = screen.getAllByTestId("audit-row");
    expect(within(system!).queryByTestId("email-text")).toBeNull();
    expect(system).toHaveTextContent("System");
    for (const email of within(legacy!).getAllByTestId("email-text"))
      expect(email.innerHTML).toBe("legacy-account");
  });
});
