import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as resolveStudy } from "@/app/api/resolve-study/route";
import { PUT as updateStudy } from "@/app/api/studies/[id]/route";
import { POST as createStudy } from "@/app/api/studies/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { fromDatabaseError } from "@/lib/server/api/errors";
import { NUL_MESSAGE } from "@/lib/server/api/unstorable-text";
import { publicApiRoute } from "@/lib/server/api/route";
import { inEnglish } from "@/tests/support/words-in";
import { call, createUser } from "./helpers";

afterEach(() => vi.restoreAllMocks());

async function superadminHeaders() {
  const admin = await createUser({ roleLevel: "superadmin", isSuperuser: true });
  const res = await call(login, { method: "POST", body: { email: admin.email, password: admin.password } });
  return { authorization: `Bearer ${String(res.json.access_token)}` };
}

const nulIssue = (...loc: (string | number)[]) => ({ loc, msg: inEnglish(NUL_MESSAGE), type: "string_nul" });

describe("a NUL byte anywhere in a string is a 422 naming the field, never a 500", () => {
  it("in a body value (a new user's name), without logging anything", async () => {
    const errors = vi.spyOn(console, "error");
    const res = await call(register, {
      method: "POST",
      headers: await superadminHeaders(),
      rawBody: '{"email":"nul@example.org","password":"violet tram ledger 42","full_name":"a\\u0000b"}',
    });
    expect(res).toMatchObject({ status: 422, json: { detail: [nulIssue("body", "full_name")] } });
    expect(inEnglish(NUL_MESSAGE)).toBe("Text must not contain NUL characters (\\u0000)");
    expect(errors).not.toHaveBeenCalled();
  });

  it("in a study name, a nested value and an object key", async () => {
    const headers = await superadminHeaders();
    const res = await call(createStudy, {
      method: "POST",
      headers,
      rawBody:
        '{"code":"nul_study","name":"a\\u0000b","disease":"x","config":{"fields":[{"name":"ok\\u0000"}],"k\\u0000":1}}',
    });
    expect(res.status).toBe(422);
    expect(res.json.detail).toEqual(
      expect.arrayContaining([
        nulIssue("body", "name"),
        nulIssue("body", "config", "fields", 0, "name"),
        nulIssue("body", "config", "k\u0000"),
      ]),
    );
  });

  it("in a query parameter (?domain=%00)", async () => {
    const res = await call(resolveStudy, {
      path: "/api/resolve-study?domain=%00",
      headers: await superadminHeaders(),
    });
    expect(res).toMatchObject({ status: 422, json: { detail: [nulIssue("query", "domain")] } });
  });

  it("in a path parameter", async () => {
    const res = await call(updateStudy, {
      method: "PUT",
      path: "/api/studies/%00",
      params: { id: "\u0000" },
      headers: await superadminHeaders(),
      body: { name: "x" },
    });
    expect(res).toMatchObject({ status: 422, json: { detail: [nulIssue("path", "id")] } });
  });
});

describe("database errors", () => {
  it("maps PostgreSQL's refusal of NUL in text (22021) to 422", async () => {
    const db = await getDb();
    const caught = await db
      .insert(users)
      .values({ email: "nul2@example.org", fullName: "a\u0000b", passwordHash: "x" })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(caught).not.toBeNull();
    const mapped = fromDatabaseError(caught);
    expect(mapped?.status).toBe(422);
  });

  it("logs an unexpected error with the request id and a summary that never prints the query parameters", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const secret = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$not-a-real-hash";
    const failing = publicApiRoute({
      handler: async ({ db }) => {
        // division_by_zero (22012) is no expected error: it takes the 500 path, parameters and all.
        await db.execute(sql`select ${secret}::text as leaked, 1 / (${1}::int - ${1}::int) as boom`);
      },
    });
    const res = await call(failing, { path: "/api/test-failure" });
    expect(res).toMatchObject({ status: 500, json: { detail: "Internal server error" } });
    expect(errors).toHaveBeenCalledTimes(1);
    const printed = JSON.stringify(errors.mock.calls[0]);
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(printed).toContain(`[request ${requestId}] Unexpected error in GET /api/test-failure`);
    expect(printed).toContain("22012");
    expect(printed).toContain("Failed query: select $1::text");
    expect(printed).not.toContain(secret);
    expect(printed).not.toContain("argon2id");
  });
});
