import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { passwordProblem, PASSWORD_MESSAGES } from "@/lib/server/auth/password-policy";
import { call, createUser } from "./helpers";
import { inEnglish } from "@/tests/support/words-in";

async function adminToken() {
  const admin = await createUser({ roleLevel: "admin" });
  const res = await call(login, { method: "POST", body: { email: admin.email, password: admin.password } });
  return { authorization: `Bearer ${String(res.json.access_token)}` };
}

const newUser = (password: string) => ({
  email: `pw-${Math.random().toString(36).slice(2)}@example.org`,
  password,
  full_name: "Policy Test",
  role_level: "user",
});

describe("password policy on user creation (POST /api/auth/register)", () => {
  it.each([
    ["12345678", inEnglish(PASSWORD_MESSAGES.common)],
    ["password", inEnglish(PASSWORD_MESSAGES.common)],
    ["Password", inEnglish(PASSWORD_MESSAGES.common)],
    ["qwertyuiop", inEnglish(PASSWORD_MESSAGES.common)],
    ["iloveyou", inEnglish(PASSWORD_MESSAGES.common)],
    ["aaaaaaaa", inEnglish(PASSWORD_MESSAGES.repeated)],
    ["        ", inEnglish(PASSWORD_MESSAGES.repeated)],
    ["ZZZZZZZZZZZZ", inEnglish(PASSWORD_MESSAGES.repeated)],
  ])("refuses %j with 422 naming body.password", async (password, message) => {
    const res = await call(register, {
      method: "POST",
      headers: await adminToken(),
      body: newUser(password),
    });
    expect(res.status).toBe(422);
    expect(res.json.detail).toEqual([
      { loc: ["body", "password"], msg: inEnglish(message), type: "password_policy" },
    ]);
  });

  it("keeps the spec's messages for a missing or short password", async () => {
    const headers = await adminToken();
    const missing = await call(register, {
      method: "POST",
      headers,
      body: { email: "x@example.org", full_name: "X" },
    });
    expect((missing.json.detail as { msg: string }[])[0]?.msg).toBe("Password is required for new users");
    const short = await call(register, { method: "POST", headers, body: newUser("Ab1!xyz") });
    expect((short.json.detail as { msg: string }[])[0]?.msg).toBe("Password must be at least 8 characters");
  });

  it("accepts an uncommon password", async () => {
    const res = await call(register, {
      method: "POST",
      headers: await adminToken(),
      body: newUser("violet tram ledger 42"),
    });
    expect(res.status).toBe(201);
  });

  it("ships a list of thousands of common passwords", () => {
    for (const common of ["baseball", "superman", "trustno1", "1qaz2wsx", "sunshine", "princess"])
      expect(passwordProblem(common)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("correct horse battery")).toBeNull();
  });
});
