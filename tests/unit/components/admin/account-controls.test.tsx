import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AccountDialog } from "@/components/admin-users/account-dialog";
import { UsersPage } from "@/components/admin-users/users-page";
import { formatFor } from "@/lib/i18n/format";
import { IdentityVerificationBody, SignInHistoryResponse } from "@/lib/schemas/two-factor";
import { AdminUserListResponse, AdminUserResponse } from "@/lib/schemas/users";
import { callsTo, invalid, noContent, ok, refuse, route, serveApi } from "@/tests/support/msw/api";
import { adminUserFixture } from "@/tests/support/msw/fixtures";
import { inEnglish } from "@/tests/support/words-in";
import { renderWithQuery } from "../study-area/render-with-query";

/** The account controls of the Users screen (decision 0033), over the API's real contracts. */
const en = formatFor("en");
const LAST = "2026-03-09T10:05:07.000Z";

const history = (items: SignInHistoryResponse["items"]) =>
  route("GET", "/api/admin/users/{id}/sign-ins", () => ok(SignInHistoryResponse, { items }));

function renderAccount(
  user: ReturnType<typeof adminUserFixture>,
  { isSelf = false, canManage = true }: { isSelf?: boolean; canManage?: boolean } = {},
) {
  renderWithQuery(
    <AccountDialog
      user={AdminUserResponse.parse(user)}
      isSelf={isSelf}
      canManage={canManage}
      onClose={vi.fn()}
    />,
  );
  return userEvent.setup();
}

describe("the Users page's account columns", () => {
  it("shows the last sign-in with its zone, Never when none, the second factor on or off, and opens a user's account", async () => {
    serveApi(
      route("GET", "/api/admin/users", () =>
        ok(AdminUserListResponse, {
          items: [
            adminUserFixture(4, { full_name: "Dott. Bianchi", last_login: LAST, totp_enabled: true }),
            adminUserFixture(5, { full_name: "Dott. Verdi" }),
          ],
          total: 2,
        }),
      ),
      history([]),
    );
    renderWithQuery(<UsersPage currentUserId={1} canManageAdmins />);
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual(["Name", "Email", "Role", "Status", "Last sign-in", "Two-factor", "Actions"]);

    const bianchi = (await screen.findByText("Dott. Bianchi")).closest("tr")!;
    expect(within(bianchi).getByText(en.dateTime(LAST))).toBeInTheDocument();
    expect(en.dateTime(LAST)).toMatch(/GMT\+1|CET/);
    expect(within(bianchi).getByText("On")).toBeInTheDocument();
    const verdi = screen.getByText("Dott. Verdi").closest("tr")!;
    expect(within(verdi).getByText("Never")).toBeInTheDocument();
    expect(within(verdi).getByText("Off")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(bianchi).getByRole("button", { name: "Account controls of Dott. Bianchi" }));
    const dialog = screen.getByRole("dialog", { name: "Account of Dott. Bianchi" });
    expect(within(dialog).getByRole("heading", { name: "Two-factor sign-in" })).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Identity verification" })).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Sign-in history" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("the sign-in history", () => {
  it("lists the sign-ins as the API orders them: when, address, succeeded or refused and why", async () => {
    serveApi(
      history([
        { at: "2026-03-09T10:05:07.000Z", ip_address: "203.0.113.7", success: true, reason: "Signed in" },
        {
          at: "2026-03-09T10:04:00.000Z",
          ip_address: null,
          success: false,
          reason: "Sign-in failed: wrong password",
        },
      ]),
    );
    renderAccount(adminUserFixture(7));
    const table = await screen.findByRole("table", { name: "Latest sign-ins, newest first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(en.dateTime("2026-03-09T10:05:07.000Z"));
    expect(within(rows[0]!).getAllByText("203.0.113.7").length).toBeGreaterThan(0);
    expect(within(rows[0]!).getByText("Succeeded")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Refused")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Sign-in failed: wrong password")).toBeInTheDocument();
    expect(within(rows[1]!).getAllByText("Unknown address").length).toBeGreaterThan(0);
    expect(callsTo("GET", "/api/admin/users/7/sign-ins")).toHaveLength(1);
  });

  it("says when there is none, and shows a load failure", async () => {
    serveApi(history([]));
    const { unmount } = renderWithQuery(
      <AccountDialog
        user={AdminUserResponse.parse(adminUserFixture(7))}
        isSelf={false}
        canManage
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText("Loading sign-ins...")).toBeInTheDocument();
    expect(await screen.findByText("No sign-ins yet")).toBeInTheDocument();
    unmount();

    serveApi(route("GET", "/api/admin/users/{id}/sign-ins", () => refuse(404, "User not found")));
    renderAccount(adminUserFixture(8));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to load the sign-in history: User not found",
    );
  });
});

describe("the two-factor reset", () => {
  it("asks for confirmation, then sends the reset and says it was done", async () => {
    serveApi(
      history([]),
      route("POST", "/api/admin/users/{id}/totp/reset", () => noContent()),
    );
    const user = renderAccount(adminUserFixture(7, { full_name: "Dott. Rossi", totp_enabled: true }));
    await user.click(screen.getByRole("button", { name: "Reset two-factor sign-in" }));
    expect(screen.getByText(/Reset the second factor of Dott. Rossi\?/)).toBeInTheDocument();
    expect(callsTo("POST", "/api/admin/users/7/totp/reset")).toEqual([]);

    // Cancel leaves it as it was.
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(callsTo("POST", "/api/admin/users/7/totp/reset")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Reset two-factor sign-in" }));
    await user.click(screen.getByRole("button", { name: "Yes, reset" }));
    expect(await screen.findByText(/Two-factor sign-in of Dott. Rossi was reset/)).toBeInTheDocument();
    expect(callsTo("POST", "/api/admin/users/7/totp/reset")).toHaveLength(1);
    expect(screen.getByText("Off")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reset two-factor sign-in" })).not.toBeInTheDocument();
  });

  it("is not offered when no second factor is enrolled, nor on one's own account", async () => {
    serveApi(history([]));
    const { unmount } = renderWithQuery(
      <AccountDialog
        user={AdminUserResponse.parse(adminUserFixture(7))}
        isSelf={false}
        canManage
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText("Off")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reset two-factor sign-in" })).not.toBeInTheDocument();
    unmount();
    renderAccount(adminUserFixture(1, { totp_enabled: true }), { isSelf: true });
    expect(screen.getByText("On")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reset two-factor sign-in" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    serveApi(
      history([]),
      route("POST", "/api/admin/users/{id}/totp/reset", () =>
        refuse(403, "Only superadmins manage administrators"),
      ),
    );
    const user = renderAccount(adminUserFixture(7, { totp_enabled: true }));
    await user.click(screen.getByRole("button", { name: "Reset two-factor sign-in" }));
    await user.click(screen.getByRole("button", { name: "Yes, reset" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only superadmins manage administrators");
  });
});

describe("the identity verification", () => {
  it("checks the method with the API's schema, nothing sent", async () => {
    serveApi(history([]));
    const user = renderAccount(adminUserFixture(7));
    await user.click(screen.getByRole("button", { name: "Record verification" }));
    const expected = inEnglish(IdentityVerificationBody.safeParse({ method: "" }).error!.issues[0]!.message);
    expect(expected).toBeTruthy();
    const method = screen.getByLabelText("How the identity was verified");
    await waitFor(() => expect(method).toHaveAccessibleDescription(expected));
    expect(method).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/admin/users/7/identity-verification")).toEqual([]);
  });

  it("posts the method and the day, and puts the server's 422 under the date", async () => {
    serveApi(
      history([]),
      route("POST", "/api/admin/users/{id}/identity-verification", () =>
        invalid({
          loc: ["body", "verified_on"],
          msg: "The date of the verification cannot be in the future",
        }),
      ),
    );
    const user = renderAccount(adminUserFixture(7));
    await user.type(screen.getByLabelText("How the identity was verified"), "  Passport seen in person ");
    await user.type(screen.getByLabelText("Date of verification (optional)"), "2099-01-01");
    await user.click(screen.getByRole("button", { name: "Record verification" }));
    const date = screen.getByLabelText("Date of verification (optional)");
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription("The date of the verification cannot be in the future"),
    );
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/admin/users/7/identity-verification").map((c) => c.body)).toEqual([
      { method: "Passport seen in person", verified_on: "2099-01-01" },
    ]);
    // The issue landed on its field: no whole-form message repeats it.
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("without a day sends the method alone, then shows who verified, when and how", async () => {
    serveApi(
      history([]),
      route("POST", "/api/admin/users/{id}/identity-verification", (call) =>
        ok(
          AdminUserResponse,
          adminUserFixture(7, {
            full_name: "Dott. Rossi",
            identity_verified_at: "2026-03-09T00:00:00.000Z",
            identity_verified_by: 2,
            identity_verification_method: (call.body as { method: string }).method,
          }),
        ),
      ),
      route("GET", "/api/admin/users/{id}", () =>
        ok(AdminUserResponse, adminUserFixture(2, { full_name: "Admin Neri", email: "neri@example.org" })),
      ),
    );
    const user = renderAccount(adminUserFixture(7, { full_name: "Dott. Rossi" }));
    await user.type(screen.getByLabelText("How the identity was verified"), "Identity card CA12345");
    await user.click(screen.getByRole("button", { name: "Record verification" }));
    expect(await screen.findByText("Identity verification of Dott. Rossi recorded.")).toBeInTheDocument();
    expect(callsTo("POST", "/api/admin/users/7/identity-verification").map((c) => c.body)).toEqual([
      { method: "Identity card CA12345" },
    ]);
    expect(screen.getByText(en.date("2026-03-09T00:00:00.000Z"))).toBeInTheDocument();
    expect(screen.getByText("Identity card CA12345")).toBeInTheDocument();
    expect(await screen.findByText("Admin Neri (neri@example.org)")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record verification" })).not.toBeInTheDocument();
  });

  it("offers no form to an administrator who may not manage the user", async () => {
    serveApi(history([]));
    renderAccount(adminUserFixture(3, { role_level: "admin", totp_enabled: true }), { canManage: false });
    expect(screen.getByText(/Not recorded yet/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record verification" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reset two-factor sign-in" })).not.toBeInTheDocument();
  });
});
