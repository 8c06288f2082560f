import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as createAdminUser } from "@/app/api/admin/users/route";
import { getDb } from "@/db/client";
import { auditLogs, authSessions, signInAttempts, users } from "@/db/schema";
import { USER_MESSAGES } from "@/lib/schemas/users";
import { auditRowsFor, call, cookieFor, createUser } from "./helpers";
import { inEnglish } from "@/tests/support/words-in";

const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });

// Each test signs in from its own address, so the per-address throttle of one test cannot spill
// into the next (tests/api/auth-throttle.test.ts covers the throttle itself).
let addressCounter = 0;
let address = "";
beforeEach(() => {
  address = `198.51.100.${++addressCounter}`;
});

async function signIn(email: string, password: string, from = address) {
  return call(login, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password },
    address: from,
  });
}

describe("POST /api/auth/login", () => {
  it("answers malformed JSON with 422 and a detail", async () => {
    const res = await call(login, { method: "POST", rawBody: "{not json" });
    expect(res.status).toBe(422);
    expect(res.json.detail).toEqual([
      { loc: ["body"], msg: "Request body is not valid JSON", type: "json_invalid" },
    ]);
  });

  it("answers missing fields with 422 naming each field", async () => {
    const res = await call(login, { method: "POST", body: { email: "" } });
    expect(res.status).toBe(422);
    const locs = (res.json.detail as { loc: string[] }[]).map((d) => d.loc.join("."));
    expect(locs).toEqual(expect.arrayContaining(["body.email", "body.password"]));
  });

  it("refuses a body that is not JSON with 415", async () => {
    const res = await call(login, {
      method: "POST",
      rawBody: "email=a",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(res.json.detail).toMatch(/JSON/);
  });

  it("answers a wrong password with 401 and audits the failure", async () => {
    const user = await createUser();
    const res = await signIn(user.email, "wrong password");
    expect(res.status).toBe(401);
    expect(res.json.detail).toBe("Invalid credentials");
    const rows = await auditRowsFor("user", user.id);
    expect(rows.some((r) => r.action === "login" && r.reason === "Sign-in failed: wrong password")).toBe(
      true,
    );
  });

  it("answers an unknown email with the same 401 and audits it", async () => {
    const res = await signIn("nobody@example.org", "whatever1");
    expect(res).toMatchObject({ status: 401, json: { detail: "Invalid credentials" } });
    const db = await getDb();
    const rows = await db.select().from(auditLogs).where(eq(auditLogs.userEmail, "nobody@example.org"));
    expect(rows[0]?.reason).toBe("Sign-in failed: unknown email");
  });

  it("gives tokens for correct credentials; /me returns the user without the hash", async () => {
    const user = await createUser({ roleLevel: "admin" });
    const res = await signIn(user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ token_type: "bearer", expires_in: 900 });
    expect(typeof res.json.access_token).toBe("string");
    expect(typeof res.json.refresh_token).toBe("string");

    const profile = await call(me, { headers: bearer(res.json.access_token) });
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({
      id: user.id,
      email: user.email,
      role_level: "admin",
      is_active: true,
    });
    expect(profile.json.last_login).not.toBeNull();
    expect(JSON.stringify(profile.json)).not.toMatch(/password|argon2/i);
  });

  it("stops an (email, address) pair after five failures, even for the right password; other addresses still sign in", async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await signIn(user.email, "nope-nope")).status).toBe(401);
    const throttled = await signIn(user.email, user.password);
    expect(throttled.status).toBe(429);
    expect(throttled.json.detail).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(throttled.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);

    // No account-wide lock: the same user signs in from another address at once.
    expect((await signIn(user.email, user.password, "203.0.113.77")).status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lockedUntil).toBeNull();
    const rows = await auditRowsFor("user", user.id);
    expect(rows.filter((r) => r.action === "lock")).toHaveLength(1);

    // Fifteen minutes later (simulated) the pair may try again.
    await db
      .update(signInAttempts)
      .set({ attemptedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInAttempts.email, user.email));
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it("an administrative lock (locked_until) still refuses with the generic 401", async () => {
    const user = await createUser();
    const db = await getDb();
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.id, user.id));
    expect(await signIn(user.email, user.password)).toMatchObject({
      status: 401,
      json: { detail: "Invalid credentials" },
    });
    const rows = await auditRowsFor("user", user.id);
    expect(rows.some((r) => r.reason === "Sign-in failed: account locked")).toBe(true);
  });

  it("a success clears the pair's earlier failures", async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 4; attempt++) await signIn(user.email, "nope-nope");
    expect((await signIn(user.email, user.password)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(user.email, "nope-nope");
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("rotates refresh tokens; the old one stops working", async () => {
    const user = await createUser();
    const first = await signIn(user.email, user.password);
    const rotated = await call(refresh, {
      method: "POST",
      body: { refresh_token: first.json.refresh_token },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json.refresh_token).not.toBe(first.json.refresh_token);
    expect((await call(me, { headers: bearer(rotated.json.access_token) })).status).toBe(200);
    const reused = await call(refresh, { method: "POST", body: { refresh_token: first.json.refresh_token } });
    expect(reused).toMatchObject({ status: 401, json: { detail: "Invalid or expired refresh token" } });
  });

  it("logout by bearer ends both the access token and the refresh token, and is audited", async () => {
    const user = await createUser();
    const tokens = await signIn(user.email, user.password);
    expect(
      (await call(logoutRoute, { method: "POST", headers: bearer(tokens.json.access_token) })).status,
    ).toBe(200);
    expect((await call(me, { headers: bearer(tokens.json.access_token) })).status).toBe(401);
    expect(
      (await call(refresh, { method: "POST", body: { refresh_token: tokens.json.refresh_token } })).status,
    ).toBe(401);
    expect((await auditRowsFor("user", user.id)).some((r) => r.action === "logout")).toBe(true);
  });

  it("refuses missing, forged and malformed bearer tokens with 401", async () => {
    expect((await call(me)).status).toBe(401);
    expect((await call(me, { headers: bearer("not-a-jwt") })).status).toBe(401);
    expect((await call(me, { headers: { authorization: "Basic abc" } })).status).toBe(401);
    const forged = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoieCJ9.c2lnbmF0dXJl";
    expect((await call(me, { headers: bearer(forged) })).status).toBe(401);
  });

  it("deactivating a user ends their sessions at once and blocks sign-in", async () => {
    const user = await createUser();
    const tokens = await signIn(user.email, user.password);
    const db = await getDb();
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call(me, { headers: bearer(tokens.json.access_token) })).status).toBe(401);
    expect(
      (await call(refresh, { method: "POST", body: { refresh_token: tokens.json.refresh_token } })).status,
    ).toBe(401);
    expect(await signIn(user.email, user.password)).toMatchObject({
      status: 401,
      json: { detail: "Invalid credentials" },
    });
  });

  it("ends sessions idle for 30 minutes and sessions older than 12 hours", async () => {
    const user = await createUser();
    const db = await getDb();
    const idle = await cookieFor(user);
    expect((await call(me, { headers: { cookie: idle.cookie } })).status).toBe(200);
    await db
      .update(authSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(authSessions.id, idle.sessionId));
    expect((await call(me, { headers: { cookie: idle.cookie } })).status).toBe(401);

    const old = await cookieFor(user);
    await db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, old.sessionId));
    expect((await call(me, { headers: { cookie: old.cookie } })).status).toBe(401);
  });

  it("browser sessions: cookie writes need a same-origin Origin; logout clears the cookie", async () => {
    const user = await createUser();
    const { cookie, sessionId } = await cookieFor(user);
    expect((await call(me, { headers: { cookie } })).json.email).toBe(user.email);

    const crossSite = await call(logoutRoute, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", host: "localhost:3000" },
    });
    expect(crossSite).toMatchObject({ status: 403, json: { detail: "Cross-site request refused" } });

    const ok = await call(logoutRoute, {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000", host: "localhost:3000" },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-cookie")).toMatch(/next-auth\.session-token=;.*Max-Age=0/);
    const db = await getDb();
    const [session] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    expect(session?.revokedAt).not.toBeNull();
    expect((await call(me, { headers: { cookie } })).status).toBe(401);
  });
});

describe("POST /api/auth/register", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    email: `new-${Math.random().toString(36).slice(2)}@example.org`,
    password: "long enough password",
    full_name: "New Clinician",
    role_level: "user",
    ...overrides,
  });

  async function tokenFor(roleLevel: "user" | "admin" | "superadmin") {
    const user = await createUser({ roleLevel });
    return { user, token: (await signIn(user.email, user.password)).json.access_token };
  }

  it("refuses plain users with 403 and audits the denial", async () => {
    const { user, token } = await tokenFor("user");
    const res = await call(register, {
      method: "POST",
      path: "/api/auth/register",
      headers: bearer(token),
      body: body(),
    });
    expect(res.status).toBe(403);
    const db = await getDb();
    const denied = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "access_denied"), eq(auditLogs.userId, user.id)));
    expect(denied[0]?.entityId).toBe("POST /api/auth/register");
  });

  it("lets an admin create a user (201, audited, password not stored in the trail) but not another admin", async () => {
    const { token } = await tokenFor("admin");
    const payload = body();
    const res = await call(register, { method: "POST", headers: bearer(token), body: payload });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: payload.email, full_name: "New Clinician", role_level: "user" });
    const rows = await auditRowsFor("user", res.json.id as number);
    expect(rows[0]?.action).toBe("create");
    expect(JSON.stringify(rows[0]?.newValues)).not.toContain(payload.password);

    expect((await signIn(payload.email, payload.password)).status).toBe(200);
    const duplicate = await call(register, {
      method: "POST",
      headers: bearer(token),
      body: { ...payload, email: payload.email.toUpperCase() },
    });
    expect(duplicate).toMatchObject({ status: 409, json: { detail: inEnglish(USER_MESSAGES.emailTaken) } });
    const adminAttempt = await call(register, {
      method: "POST",
      headers: bearer(token),
      body: body({ role_level: "admin" }),
    });
    expect(adminAttempt).toMatchObject({
      status: 403,
      json: { detail: inEnglish(USER_MESSAGES.onlySuperadminsManageAdmins) },
    });
  });

  it("is the same user creation as POST /api/admin/users: the same refusals, words and audit row", async () => {
    const asAdmin = bearer((await tokenFor("admin")).token);
    const asUser = bearer((await tokenFor("user")).token);
    const both = async (headers: Record<string, string>, payload: Record<string, unknown>) => {
      const viaRegister = await call(register, {
        method: "POST",
        path: "/api/auth/register",
        headers,
        body: payload,
      });
      const viaAdmin = await call(createAdminUser, {
        method: "POST",
        path: "/api/admin/users",
        headers,
        body: payload,
      });
      return [viaRegister, viaAdmin].map((res) => ({ status: res.status, detail: res.json.detail }));
    };
    const taken = body();
    expect((await call(register, { method: "POST", headers: asAdmin, body: taken })).status).toBe(201);
    for (const [headers, payload, status, detail] of [
      [asUser, body(), 403, inEnglish(USER_MESSAGES.onlyAdminsManageUsers)],
      [asAdmin, body({ role_level: "admin" }), 403, inEnglish(USER_MESSAGES.onlySuperadminsManageAdmins)],
      [asAdmin, taken, 409, inEnglish(USER_MESSAGES.emailTaken)],
    ] as const) {
      expect(await both(headers, payload)).toEqual([
        { status, detail },
        { status, detail },
      ]);
    }
    const created = await call(register, { method: "POST", headers: asAdmin, body: body() });
    const rows = await auditRowsFor("user", created.json.id as number);
    expect(rows.map((row) => [row.action, Object.keys(row.newValues ?? {}).sort()])).toEqual([
      [
        "create",
        [
          "created_at",
          "email",
          "full_name",
          "id",
          "identity_verification_method",
          "identity_verified_at",
          "identity_verified_by",
          "is_active",
          "is_superuser",
          "last_login",
          "locale",
          "must_change_password",
          "password_changed_at",
          "role_level",
          "totp_enabled",
          "version",
        ],
      ],
    ]);
  });

  it("lets a superadmin create an admin and validates the payload with the spec's messages", async () => {
    const { token } = await tokenFor("superadmin");
    expect(
      (await call(register, { method: "POST", headers: bearer(token), body: body({ role_level: "admin" }) }))
        .status,
    ).toBe(201);
    const bad = await call(register, {
      method: "POST",
      headers: bearer(token),
      body: { email: "x@example.org", full_name: "" },
    });
    expect(bad.status).toBe(422);
    const messages = (bad.json.detail as { msg: string }[]).map((d) => d.msg);
    expect(messages).toEqual(
      expect.arrayContaining(["Password is required for new users", "Full name is required"]),
    );
    const short = await call(register, {
      method: "POST",
      headers: bearer(token),
      body: body({ password: "short" }),
    });
    expect((short.json.detail as { msg: string }[])[0]?.msg).toBe("Password must be at least 8 characters");
  });
});
