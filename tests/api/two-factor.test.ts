/**
 * Two-factor sign-in and account controls (decision 0033) against a real database: enrolment, the
 * second factor at sign-in (code, wrong code, recovery code), the admin reset, the temporary
 * password of an admin-created user, password expiry on an injected clock, the sign-in history and
 * last sign-in, and the identity verification. A code counts once (RFC 6238 §5.2): the sign-in clock
 * is fixed for every test, so each code's time step is chosen here, never left to the machine.
 */
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as startTotp } from "@/app/api/auth/totp/route";
import { POST as confirmTotp } from "@/app/api/auth/totp/confirm/route";
import { POST as createUserRoute } from "@/app/api/admin/users/route";
import { POST as resetTotp } from "@/app/api/admin/users/[id]/totp/reset/route";
import { GET as signIns } from "@/app/api/admin/users/[id]/sign-ins/route";
import { POST as verifyIdentityRoute } from "@/app/api/admin/users/[id]/identity-verification/route";
import { GET as listStudies } from "@/app/api/studies/route";
import { getDb } from "@/db/client";
import { auditLogs, recoveryCodes, signInAttempts, studies, userStudyRoles, users } from "@/db/schema";
import { setAuthClock } from "@/lib/server/auth/auth-clock";
import { apiLogin } from "@/lib/server/auth/auth-service";
import { unseal } from "@/lib/server/auth/sealed-secret";
import { acceptTotpCode, verifySecondFactor } from "@/lib/server/auth/second-factor";
import { identityVerifiedAt } from "@/lib/server/users/account-controls-service";
import { call, cookieFor, createUser } from "./helpers";

const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });
const DAY = 24 * 60 * 60 * 1000;
const STEP_MS = 30_000;

/**
 * The sign-in clock: 10 s into the step the test starts in (near the machine's time, so the
 * throttle's rows stay in their usual window), then only moved by the tests themselves.
 */
let now: Date;
beforeEach(() => {
  now = new Date(Math.floor(Date.now() / STEP_MS) * STEP_MS + 10_000);
  setAuthClock(() => now);
});
afterEach(() => setAuthClock(null));

/** The code of the step `steps` after the clock's (the window accepts -1, 0 and +1). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(now.getTime() / 1000) + (steps * STEP_MS) / 1000 });
const stepOf = (steps = 0) => Math.floor(now.getTime() / STEP_MS) + steps;
const later = (steps: number) => {
  now = new Date(now.getTime() + steps * STEP_MS);
};

async function secretOf(userId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ sealed: users.totpSecret }).from(users).where(eq(users.id, userId));
  return unseal(row!.sealed!)!;
}

/**
 * A user enrolled through the API, confirmed with the code of the clock's step (spent: a sign-in
 * takes the next step's): their secret (read back by unsealing) and recovery codes.
 */
async function enrolled(options: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(options);
  const { cookie } = await cookieFor(user);
  const headers = { cookie, origin: "http://localhost:3000", host: "localhost:3000" };
  const started = await call(startTotp, { method: "POST", path: "/api/auth/totp", headers });
  expect(started.status).toBe(200);
  const secret = await secretOf(user.id);
  const confirmed = await call(confirmTotp, {
    method: "POST",
    path: "/api/auth/totp/confirm",
    headers,
    body: { code: await codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  return { user, secret, codes: confirmed.json.recovery_codes as string[], started };
}

const loginAs = (user: { email: string; password: string }, totp?: string, address = "203.0.113.7") =>
  call(login, {
    method: "POST",
    path: "/api/auth/login",
    address,
    body: { email: user.email, password: user.password, ...(totp === undefined ? {} : { totp }) },
  });

describe("TOTP enrolment", () => {
  it("answers the otpauth URI and a QR code, keeps the secret sealed, and confirms with a first code", async () => {
    const { user, secret, codes, started } = await enrolled();
    expect(started.json.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(started.json.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(started.json.secret).toBe(secret);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpEnabledAt).not.toBeNull();
    expect(codes).toHaveLength(10);
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "user"), eq(auditLogs.entityId, String(user.id))));
    expect(audits.map((a) => a.reason)).toEqual(
      expect.arrayContaining([
        "Two-factor enrolment started",
        "Two-factor sign-in enabled; 10 recovery codes issued",
      ]),
    );
  });

  it("refuses a wrong first code with a field error and leaves the enrolment off", async () => {
    const user = await createUser();
    const { cookie } = await cookieFor(user);
    const headers = { cookie, origin: "http://localhost:3000", host: "localhost:3000" };
    await call(startTotp, { method: "POST", path: "/api/auth/totp", headers });
    const secret = await secretOf(user.id);
    const good = await codeAt(secret);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, "0");
    const refused = await call(confirmTotp, {
      method: "POST",
      path: "/api/auth/totp/confirm",
      headers,
      body: { code: wrong },
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.json.detail)).toContain("The code is not valid");
  });
});

describe("sign-in with a second factor", () => {
  it("asks for the code (401 totp_required), accepts a right one, counts and audits a wrong one", async () => {
    const { user, secret } = await enrolled();
    const without = await loginAs(user);
    expect(without.status).toBe(401);
    expect(without.json.type).toBe("totp_required");
    expect(without.json.detail).toBe(
      "Enter the 6-digit code from your authenticator app, or a recovery code",
    );

    const wrong = await loginAs(user, "000000" === (await codeAt(secret, 1)) ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    expect(wrong.json.type).toBe("totp_invalid");
    const db = await getDb();
    const failed = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "login"), eq(auditLogs.entityId, String(user.id))));
    expect(failed.map((row) => row.reason)).toContain("Sign-in failed: wrong second factor");

    const ok = await loginAs(user, await codeAt(secret, 1));
    expect(ok.status).toBe(200);
    expect(typeof ok.json.access_token).toBe("string");
  });

  it("lets a recovery code sign in once, then refuses it", async () => {
    const { user, codes } = await enrolled();
    const code = codes[3]!;
    expect((await loginAs(user, code.toUpperCase())).status).toBe(200);
    const again = await loginAs(user, code);
    expect(again.status).toBe(401);
    expect(again.json.type).toBe("totp_invalid");
  });

  it("counts wrong codes toward the sign-in throttle", async () => {
    const { user } = await enrolled();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await loginAs(user, "12345", "198.51.100.9")).status);
    // Five failures of the pair (email, address) stop it (decision 0010).
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it("verifySecondFactor: ok, invalid, not_enrolled, and a recovery code spent once", async () => {
    const { user, secret, codes } = await enrolled();
    const other = await createUser();
    const db = await getDb();
    expect(await verifySecondFactor(db, user.id, await codeAt(secret, 1), now)).toBe("ok");
    expect(await verifySecondFactor(db, user.id, "not-a-code", now)).toBe("invalid");
    expect(await verifySecondFactor(db, other.id, "123456", now)).toBe("not_enrolled");
    expect(await verifySecondFactor(db, user.id, codes[0]!, now)).toBe("ok");
    expect(await verifySecondFactor(db, user.id, codes[0]!, now)).toBe("invalid");
  });
});

describe("a code counts once (RFC 6238 §5.2)", () => {
  it("refuses the enrolment's code and a code already used at sign-in like a wrong code, counted and audited; a later step then signs in", async () => {
    const { user, secret } = await enrolled();
    const db = await getDb();
    const [afterEnrolment] = await db.select().from(users).where(eq(users.id, user.id));
    expect(afterEnrolment!.totpLastStep).toBe(stepOf());
    const failures = async () =>
      (
        await db
          .select()
          .from(signInAttempts)
          .where(and(eq(signInAttempts.email, user.email), eq(signInAttempts.succeeded, false)))
      ).length;

    const next = await codeAt(secret, 1);
    const wrong = await loginAs(user, next === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ type: "totp_invalid", detail: "The code is not valid" });
    const enrolmentCode = await loginAs(user, await codeAt(secret));
    expect(enrolmentCode.status).toBe(401);
    expect(enrolmentCode.json).toEqual(wrong.json);
    expect((await loginAs(user, next)).status).toBe(200);
    const replayed = await loginAs(user, next);
    expect(replayed.status).toBe(401);
    expect(replayed.json).toEqual(wrong.json);
    expect(await failures()).toBe(3);
    const reasons = await db
      .select({ reason: auditLogs.reason })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "login"), eq(auditLogs.entityId, String(user.id))));
    expect(reasons.filter((r) => r.reason === "Sign-in failed: wrong second factor")).toHaveLength(3);

    // Thirty seconds on, the code of the step before (still in the window) comes too late: a later
    // step was accepted. The step after that is accepted, and recorded.
    later(1);
    expect((await loginAs(user, await codeAt(secret, -1))).status).toBe(401);
    expect((await loginAs(user, await codeAt(secret, 1))).status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpLastStep).toBe(stepOf(1));
    expect(await failures()).toBe(4);
  });

  it("decides by its one conditional update, whatever the caller read: of two requests that read the same last step, one passes", async () => {
    const { user, secret } = await enrolled();
    const db = await getDb();
    const [read] = await db.select().from(users).where(eq(users.id, user.id));
    const code = await codeAt(secret, 1);
    // Both requests read the step before either records one (the race of two simultaneous
    // requests with one code): the second's update finds the step recorded and changes nothing.
    expect(await acceptTotpCode(db, user.id, secret, code, read!.totpLastStep, now)).toBe(true);
    expect(await acceptTotpCode(db, user.id, secret, code, read!.totpLastStep, now)).toBe(false);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpLastStep).toBe(stepOf(1));
  });
});

describe("admin reset and requirements", () => {
  it("after a reset the user signs in without a code; a study role requirement then gates every call but the enrolment", async () => {
    const admin = await createUser({ roleLevel: "admin" });
    const { cookie } = await cookieFor(admin);
    const { user } = await enrolled();
    const reset = await call(resetTotp, {
      method: "POST",
      path: `/api/admin/users/${user.id}/totp/reset`,
      headers: { cookie, origin: "http://localhost:3000", host: "localhost:3000" },
      params: { id: String(user.id) },
    });
    expect(reset.status).toBe(204);
    const db = await getDb();
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    const [cleared] = await db.select().from(users).where(eq(users.id, user.id));
    expect(cleared!.totpLastStep).toBeNull();

    // A study that requires a second factor of its read-only role, which the user holds.
    const [study] = await db
      .insert(studies)
      .values({
        code: `tf_${process.pid}_${Date.now()}`,
        name: "Two-factor study",
        disease: "Psoriasis",
        domain: `tf-${Date.now()}`,
        config: { version: 1, two_factor_roles: ["read_only"] },
      })
      .returning();
    await db.insert(userStudyRoles).values({ userId: user.id, studyId: study!.id, role: "read_only" });

    const signedIn = await loginAs(user);
    expect(signedIn.status).toBe(200);
    const headers = bearer(signedIn.json.access_token);
    const blocked = await call(listStudies, { path: "/api/studies", headers });
    expect(blocked.status).toBe(403);
    expect(blocked.json.type).toBe("totp_enrolment_required");
    expect((await call(me, { path: "/api/auth/me", headers })).status).toBe(200);
    const started = await call(startTotp, { method: "POST", path: "/api/auth/totp", headers });
    expect(started.status).toBe(200);
    // The clock has not moved since the first enrolment's code: the new secret's code of the same
    // step is accepted only because the reset cleared the step that code recorded.
    const again = await call(confirmTotp, {
      method: "POST",
      path: "/api/auth/totp/confirm",
      headers,
      body: { code: await codeAt(await secretOf(user.id)) },
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect((await call(listStudies, { path: "/api/studies", headers })).status).toBe(200);
  });

  it("refuses a reset by a plain user and of one's own second factor", async () => {
    const plain = await createUser();
    const admin = await createUser({ roleLevel: "admin" });
    const asPlain = await cookieFor(plain);
    const asAdmin = await cookieFor(admin);
    const byPlain = await call(resetTotp, {
      method: "POST",
      path: `/api/admin/users/${admin.id}/totp/reset`,
      headers: { cookie: asPlain.cookie, origin: "http://localhost:3000", host: "localhost:3000" },
      params: { id: String(admin.id) },
    });
    expect(byPlain.status).toBe(403);
    const self = await call(resetTotp, {
      method: "POST",
      path: `/api/admin/users/${admin.id}/totp/reset`,
      headers: { cookie: asAdmin.cookie, origin: "http://localhost:3000", host: "localhost:3000" },
      params: { id: String(admin.id) },
    });
    expect(self.status).toBe(403);
  });
});

describe("account controls", () => {
  it("makes an admin-created user change the password at first sign-in", async () => {
    const admin = await createUser({ roleLevel: "admin" });
    const { cookie } = await cookieFor(admin);
    const email = `created-${Date.now()}@example.org`;
    const created = await call(createUserRoute, {
      method: "POST",
      path: "/api/admin/users",
      headers: { cookie, origin: "http://localhost:3000", host: "localhost:3000" },
      body: { email, password: "a long first passphrase", full_name: "New Person", role_level: "user" },
    });
    expect(created.status).toBe(201);
    expect(created.json.must_change_password).toBe(true);
    const signedIn = await loginAs({ email, password: "a long first passphrase" });
    expect(signedIn.status).toBe(200);
    const blocked = await call(listStudies, {
      path: "/api/studies",
      headers: bearer(signedIn.json.access_token),
    });
    expect(blocked.status).toBe(403);
    expect(blocked.json.detail).toMatch(/password/i);
  });

  it("expires a password older than PASSWORD_MAX_AGE_DAYS on the injected clock, and only then", async () => {
    const user = await createUser();
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    const changed = row!.passwordChangedAt.getTime();
    const meta = { ip: "192.0.2.44", userAgent: "vitest" };
    const previous = process.env.PASSWORD_MAX_AGE_DAYS;
    process.env.PASSWORD_MAX_AGE_DAYS = "90";
    try {
      await apiLogin(db, user, meta, [], new Date(changed + 89 * DAY));
      let [after] = await db.select().from(users).where(eq(users.id, user.id));
      expect(after!.mustChangePassword).toBe(false);
      expect(after!.lastLogin?.getTime()).toBe(changed + 89 * DAY);
      await apiLogin(db, user, meta, [], new Date(changed + 90 * DAY));
      [after] = await db.select().from(users).where(eq(users.id, user.id));
      expect(after!.mustChangePassword).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.PASSWORD_MAX_AGE_DAYS;
      else process.env.PASSWORD_MAX_AGE_DAYS = previous;
    }
  });

  it("shows the sign-in history (succeeded and refused, with the address) and the last sign-in", async () => {
    const admin = await createUser({ roleLevel: "admin" });
    const { cookie } = await cookieFor(admin);
    const user = await createUser();
    expect((await loginAs({ ...user, password: "wrong password" }, undefined, "192.0.2.61")).status).toBe(
      401,
    );
    expect((await loginAs(user, undefined, "192.0.2.62")).status).toBe(200);
    const history = await call(signIns, {
      path: `/api/admin/users/${user.id}/sign-ins`,
      headers: { cookie },
      params: { id: String(user.id) },
    });
    expect(history.status).toBe(200);
    const items = history.json.items as { ip_address: string; success: boolean }[];
    expect(items.map((i) => [i.ip_address, i.success])).toEqual([
      ["192.0.2.62", true],
      ["192.0.2.61", false],
    ]);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLogin).not.toBeNull();
  });

  it("records the identity verification, audited, and refuses a future date", async () => {
    const admin = await createUser({ roleLevel: "admin" });
    const { cookie } = await cookieFor(admin);
    const user = await createUser();
    const headers = { cookie, origin: "http://localhost:3000", host: "localhost:3000" };
    const path = `/api/admin/users/${user.id}/identity-verification`;
    const params = { id: String(user.id) };
    const future = await call(verifyIdentityRoute, {
      method: "POST",
      path,
      headers,
      params,
      body: { method: "Passport", verified_on: "2999-01-01" },
    });
    expect(future.status).toBe(422);
    const empty = await call(verifyIdentityRoute, {
      method: "POST",
      path,
      headers,
      params,
      body: { method: " " },
    });
    expect(empty.status).toBe(422);
    const ok = await call(verifyIdentityRoute, {
      method: "POST",
      path,
      headers,
      params,
      body: { method: "Passport checked in person", verified_on: "2026-01-15" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.identity_verified_at).toBe("2026-01-15T00:00:00.000Z");
    expect(ok.json.identity_verified_by).toBe(admin.id);
    const db = await getDb();
    expect((await identityVerifiedAt(db, user.id))?.toISOString()).toBe("2026-01-15T00:00:00.000Z");
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(user.id)), eq(auditLogs.action, "update")));
    expect(rows.map((r) => r.reason)).toContain("Identity verified before electronic signature");
  });
});
