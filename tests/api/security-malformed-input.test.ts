import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as listStudies, POST as createStudy } from "@/app/api/studies/route";
import { PUT as updateStudy } from "@/app/api/studies/[id]/route";
import { UNPAIRED_SURROGATE_MESSAGE } from "@/lib/server/api/unstorable-text";
import { inEnglish } from "@/tests/support/words-in";
import { call, createUser } from "./helpers";

async function superadminHeaders() {
  const admin = await createUser({ roleLevel: "superadmin", isSuperuser: true });
  const res = await call(login, { method: "POST", body: { email: admin.email, password: admin.password } });
  return { authorization: `Bearer ${String(res.json.access_token)}` };
}

describe("malformed input found in review answers a clear 4xx, never a 500", () => {
  it("a session cookie with a malformed percent-escape is no session (401), not a 500", async () => {
    for (const handler of [me, listStudies]) {
      const res = await call(handler, { headers: { cookie: "next-auth.session-token=%ZZ" } });
      expect(res).toMatchObject({ status: 401, json: { detail: "Not authenticated" } });
    }
  });

  it("an unpaired UTF-16 surrogate is refused with a 422 naming the field, not stored as U+FFFD", async () => {
    const res = await call(createStudy, {
      method: "POST",
      headers: await superadminHeaders(),
      rawBody: '{"code":"surrogate","name":"a\\ud800b","disease":"Psoriasis"}',
    });
    expect(res).toMatchObject({
      status: 422,
      json: {
        detail: [
          { loc: ["body", "name"], msg: inEnglish(UNPAIRED_SURROGATE_MESSAGE), type: "string_unicode" },
        ],
      },
    });
    expect(inEnglish(UNPAIRED_SURROGATE_MESSAGE)).toBe(
      "Text must be valid Unicode (it holds an unpaired surrogate)",
    );
  });

  it("an over-long password says it is too long, not that it is missing", async () => {
    const tooLong = "x".repeat(2000);
    const signIn = await call(login, { method: "POST", body: { email: "a@example.org", password: tooLong } });
    expect(signIn.status).toBe(422);
    expect(JSON.stringify(signIn.json)).toContain("Password must be at most 1024 characters");

    const created = await call(register, {
      method: "POST",
      headers: await superadminHeaders(),
      body: { email: "long@example.org", password: "y".repeat(1_000_000), full_name: "Long" },
    });
    expect(created.status).toBe(422);
    expect(JSON.stringify(created.json)).toContain("Password must be at most 1024 characters");
    expect(JSON.stringify(created.json)).not.toContain("required");
  });

  it("a version beyond the integer range says so, not that it is not a whole number", async () => {
    const headers = await superadminHeaders();
    const study = await call(createStudy, {
      method: "POST",
      headers,
      body: { code: "range_check", name: "Range", disease: "Psoriasis" },
    });
    const res = await call(updateStudy, {
      method: "PUT",
      headers,
      params: { id: String(study.json.id) },
      body: { name: "Renamed", version: 1e20 },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json)).toContain("version must be at most 2147483647");
  });
});
