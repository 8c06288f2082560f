import { inEnglish } from "@/tests/support/words-in";
import type { ReactElement } from "react";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { UserDialog } from "@/components/admin-users/user-dialog";
import { AdminUserCreateBody, AdminUserResponse, AdminUserUpdateBody } from "@/lib/schemas/users";
import { callsTo, invalid, ok, route, serveApi } from "@/tests/support/msw/api";
import { adminUserFixture } from "@/tests/support/msw/fixtures";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import { renderWithQuery as renderWithQueryOnly } from "../study-area/render-with-query";

/** The page as a signed-in area renders it: a query client and the English catalogue. */
const renderWithQuery = (ui: ReactElement) => renderWithQueryOnly(<IntlWrapper>{ui}</IntlWrapper>);

/** The message the API's own schema gives for a body (the first issue at `path`). */
const schemaMessage = (
  schema: typeof AdminUserCreateBody | typeof AdminUserUpdateBody,
  body: object,
  path: string,
) =>
  inEnglish(
    schema.safeParse(body).error?.issues.find((issue) => issue.path.join(".") === path)?.message ?? "",
  );

function renderDialog(user: ReturnType<typeof adminUserFixture> | null = null) {
  const onSaved = vi.fn();
  renderWithQuery(
    <UserDialog
      user={user === null ? null : AdminUserResponse.parse(user)}
      isSelf={false}
      canManageAdmins
      onClose={vi.fn()}
      onSaved={onSaved}
    />,
  );
  return { onSaved, user: userEvent.setup() };
}

describe("UserDialog", () => {
  it("checks the fields with the API's create schema: its messages, nothing sent", async () => {
    serveApi(route("POST", "/api/admin/users", () => ok(AdminUserResponse, adminUserFixture(5), 201)));
    const { user } = renderDialog();
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Create" }));
    const body = { email: "not-an-email", password: "short", full_name: "", role_level: "user" };
    for (const [label, path] of [
      ["Email", "email"],
      ["Full name", "full_name"],
      ["Password", "password"],
    ] as const) {
      const expected = schemaMessage(AdminUserCreateBody, body, path);
      expect(expected).toBeTruthy();
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expected!));
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    }
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email must be a valid email address");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      "Password must be at least 8 characters",
    );
    expect(callsTo("POST", "/api/admin/users")).toEqual([]);
  });

  it("sends the parsed body and puts a 422 (the email taken) under Email", async () => {
    serveApi(
      route("POST", "/api/admin/users", () =>
        invalid({ loc: ["body", "email"], msg: "A user with this email already exists" }),
      ),
    );
    const { user, onSaved } = renderDialog();
    await user.type(screen.getByLabelText("Email"), "  rossi@example.org ");
    await user.type(screen.getByLabelText("Full name"), "Dott. Rossi");
    await user.type(screen.getByLabelText("Password"), "a long passphrase");
    await user.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
        "A user with this email already exists",
      ),
    );
    expect(callsTo("POST", "/api/admin/users").map((c) => c.body)).toEqual([
      {
        email: "rossi@example.org",
        password: "a long passphrase",
        full_name: "Dott. Rossi",
        role_level: "user",
      },
    ]);
    expect(onSaved).not.toHaveBeenCalled();
    // Every issue landed on a field: no whole-form message repeats it.
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("on edit, an empty temporary password is not sent, a short one is refused with the update schema's message", async () => {
    serveApi(
      route("PUT", "/api/admin/users/{id}", (call) =>
        ok(
          AdminUserResponse,
          adminUserFixture(7, { full_name: (call.body as { full_name: string }).full_name }),
        ),
      ),
    );
    const { user, onSaved } = renderDialog(adminUserFixture(7, { version: 4 }));
    expect(screen.getByLabelText("Email")).toBeDisabled();
    await user.type(screen.getByLabelText("Temporary password (optional)"), "abc");
    await user.click(screen.getByRole("button", { name: "Update" }));
    const expected = schemaMessage(AdminUserUpdateBody, { password: "abc" }, "password");
    await waitFor(() =>
      expect(screen.getByLabelText("Temporary password (optional)")).toHaveAccessibleDescription(expected!),
    );
    expect(callsTo("PUT", "/api/admin/users/7")).toEqual([]);

    await user.clear(screen.getByLabelText("Temporary password (optional)"));
    await user.clear(screen.getByLabelText("Full name"));
    await user.type(screen.getByLabelText("Full name"), "Renamed");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsTo("PUT", "/api/admin/users/7").map((c) => c.body)).toEqual([
      { full_name: "Renamed", role_level: "user", is_active: true, version: 4 },
    ]);
  });
});
