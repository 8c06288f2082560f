import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LoginForm } from "@/components/auth/login-form";
import { LOGIN_MESSAGES, LoginBody } from "@/lib/schemas/login-body";
import { apiCalls } from "@/tests/support/msw/api";

describe("Sign in form", () => {
  it("checks both fields by the API's LoginBody before anything is sent", async () => {
    render(<LoginForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const email = screen.getByLabelText("Email");
    const password = screen.getByLabelText("Password");
    expect(email).toHaveAccessibleDescription(LOGIN_MESSAGES.emailRequired);
    expect(password).toHaveAccessibleDescription(LOGIN_MESSAGES.passwordRequired);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveFocus();

    await user.type(email, "  not-an-address ");
    await user.type(password, "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    // The server's words, from the same schema.
    const serverSays = LoginBody.safeParse({ email: "not-an-address", password: "secret" }).error!.issues;
    expect(serverSays.map((i) => i.message)).toEqual([LOGIN_MESSAGES.emailFormat]);
    expect(email).toHaveAccessibleDescription(LOGIN_MESSAGES.emailFormat);
    expect(password).not.toHaveAttribute("aria-invalid");
    expect(apiCalls).toHaveLength(0);
  });
});
