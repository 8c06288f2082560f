import { inEnglish } from "@/tests/support/words-in";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ChangePasswordForm } from "@/components/admin-users/change-password-form";
import { DetailResponse } from "@/lib/schemas/auth";
import { PasswordChangeBody, USER_MESSAGES } from "@/lib/schemas/users";
import { callsTo, invalid, ok, route, serveApi } from "@/tests/support/msw/api";
import { renderWithIntl } from "@/tests/support/render-with-intl";

describe("Change password", () => {
  it("checks with the API's schema (and the confirmation) before sending", async () => {
    serveApi(route("POST", "/api/auth/password", () => ok(DetailResponse, { detail: "Password changed" })));
    renderWithIntl(<ChangePasswordForm mustChange={false} returnUrl="/psoriasis/patients" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "short");
    await user.type(screen.getByLabelText("Confirm new password"), "other");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    const issues = PasswordChangeBody.safeParse({ current_password: "", new_password: "short" }).error!
      .issues;
    const at = (path: string) => inEnglish(issues.find((i) => i.path.join(".") === path)?.message ?? "");
    await waitFor(() =>
      expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription(at("current_password")!),
    );
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(at("new_password")!);
    expect(screen.getByLabelText("Confirm new password")).toHaveAccessibleDescription(
      "The two new passwords do not match",
    );
    expect(callsTo("POST", "/api/auth/password")).toEqual([]);
  });

  it("puts the server's 422 under Current password", async () => {
    serveApi(
      route("POST", "/api/auth/password", () =>
        invalid({ loc: ["body", "current_password"], msg: inEnglish(USER_MESSAGES.currentPasswordWrong) }),
      ),
    );
    renderWithIntl(<ChangePasswordForm mustChange={false} returnUrl="/admin/users" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Current password"), "wrong one");
    await user.type(screen.getByLabelText("New password"), "a new passphrase");
    await user.type(screen.getByLabelText("Confirm new password"), "a new passphrase");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription(
        inEnglish(USER_MESSAGES.currentPasswordWrong),
      ),
    );
    expect(callsTo("POST", "/api/auth/password").map((c) => c.body)).toEqual([
      { current_password: "wrong one", new_password: "a new passphrase" },
    ]);
  });

  it("leads back to the returnUrl: Cancel before, Continue after the change", async () => {
    serveApi(route("POST", "/api/auth/password", () => ok(DetailResponse, { detail: "Password changed" })));
    renderWithIntl(<ChangePasswordForm mustChange={false} returnUrl="/psoriasis/patients?page=2" />);
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute(
      "href",
      "/psoriasis/patients?page=2",
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Current password"), "the old one");
    await user.type(screen.getByLabelText("New password"), "a new passphrase");
    await user.type(screen.getByLabelText("Confirm new password"), "a new passphrase");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByRole("link", { name: "Continue" })).toHaveAttribute(
      "href",
      "/psoriasis/patients?page=2",
    );
  });

  it("offers no way out while a temporary password must be changed", () => {
    renderWithIntl(<ChangePasswordForm mustChange returnUrl="/admin/studies" />);
    expect(screen.queryByRole("link", { name: "Cancel" })).toBeNull();
  });
});
