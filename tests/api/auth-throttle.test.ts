import { verify } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as changePassword } from "@/app/api/auth/password/route";
import { getDb } from "@/db/client";
import { auditLogs, signInAttempts, users } from "@/db/schema";
import { DEVICE_COOKIE_NAME } from "@/lib/server/auth/device-cookie";
import { USER_MESSAGES } from "@/lib/schemas/users";
import { call, createUser } from "./helpers";
import { browserSignIn } from "./next-auth-helpers";
import { inEnglish } from "@/tests/support/words-in";

// Counts argon2 verifications (it still runs the real one): the equal-work property of unknown
// and known emails is asserted as a count of password checks, not as a duration.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, verify: vi.fn(real.verify) };
});

function attempt(
  email: string,
  password: string,
  address: string,
  extra: { headers?: Record<string, string>; device?: string } = {},
) {
  const headers = { ...extra.headers, ...(extra.device ? { cookie: extra.device } : {}) };
  return call(login, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password },
    address,
    headers,
  });
}

/** The `name=value` of the device cookie an answer set (for the browser's next request). */
function deviceCookieOf(res: { headers: Headers }): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`));
  if (!set) throw new Error("no device cookie in the answer");
  return set.split(";")[0]!;
}

describe("sign-in throttling per client address (kept in PostgreSQL)", () => {
  it("answers most of 75 spraying attempts over 25 accounts from one address with 429 and Retry-After", async () => {
    const accounts = await Promise.all(Array.from({ length: 25 }, () => createUser()));
    const attacker = "192.0.2.10";
    const statuses: number[] = [];
    const retryAfter: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const account of accounts) {
        const res = await attempt(account.email, `Spring202${round}!`, attacker);
        statuses.push(res.status);
        if (res.status === 429) retryAfter.push(Number(res.headers.get("retry-after")));
      }
    }
    expect(statuses).toHaveLength(75);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(65);
    for (const seconds of retryAfter) {
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    }

    // Throttling is aggregated in the audit trail: one `lock` row for the address, not 65.
    const db = await getDb();
    const locks = await db.select().from(auditLogs).where(eq(auditLogs.entityId, attacker));
    expect(locks.map((r) => [r.action, r.entityType])).toEqual([["lock", "sign_in_address"]]);
  });

  it("holds under a parallel burst: 40 simultaneous guesses check at most the pair's 5 passwords", async () => {
    const target = await createUser();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(target.email, `Guess-${i}-x`, "192.0.2.77")),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    // The right password from the same address is throttled too now; from another it works.
    expect((await attempt(target.email, target.password, "192.0.2.77")).status).toBe(429);
    expect((await attempt(target.email, target.password, "192.0.2.78")).status).toBe(200);
  });

  it("keeps only the window: an address's attempts older than 15 minutes are removed at its next attempt", async () => {
    const db = await getDb();
    const address = "192.0.2.91";
    await db.insert(signInAttempts).values(
      Array.from({ length: 20 }, (_, i) => ({
        ipAddress: address,
        email: `old${i}@example.org`,
        succeeded: false,
        attemptedAt: new Date(Date.now() - 16 * 60_000),
      })),
    );
    const user = await createUser();
    expect((await attempt(user.email, user.password, address)).status).toBe(200);
    const left = await db.select().from(signInAttempts).where(eq(signInAttempts.ipAddress, address));
    expect(left.map((row) => [row.email, row.succeeded])).toEqual([[user.email, true]]);
  });

  it("the superadmin still signs in from another address after an attacker's failures on it", async () => {
    const superadmin = await createUser({ roleLevel: "superadmin", isSuperuser: true });
    const attacker = "192.0.2.20";
    for (let i = 0; i < 12; i++) await attempt(superadmin.email, `guess-${i}-xyz`, attacker);
    expect((await attempt(superadmin.email, superadmin.password, attacker)).status).toBe(429);
    const own = await attempt(superadmin.email, superadmin.password, "203.0.113.5");
    expect(own.status).toBe(200);
    expect(typeof own.json.access_token).toBe("string");
  });

  it("answers unknown emails exactly like known ones: same 401, then the same 429", async () => {
    const known = await createUser();
    const unknown = "nobody-here@example.org";
    const knownAnswers: unknown[] = [];
    const unknownAnswers: unknown[] = [];
    const shape = (res: Awaited<ReturnType<typeof attempt>>) => ({
      status: res.status,
      json: res.json,
      retryAfter: res.headers.get("retry-after") === null ? null : "present",
      contentType: res.headers.get("content-type"),
    });
    for (let i = 0; i < 6; i++) {
      knownAnswers.push(shape(await attempt(known.email, "wrong-password-1", "192.0.2.31")));
      unknownAnswers.push(shape(await attempt(unknown, "wrong-password-1", "192.0.2.32")));
    }
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.map((a) => (a as { status: number }).status)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("unknown and known emails cost the same work: exactly one argon2 verification each", async () => {
    const known = await createUser();
    const verifications = vi.mocked(verify);
    const checksFor = async (email: string, address: string) => {
      verifications.mockClear();
      const res = await attempt(email, "wrong-password-2", address);
      expect(res.status).toBe(401);
      return verifications.mock.calls.length;
    };
    expect(await checksFor(known.email, "192.0.2.40")).toBe(1);
    expect(await checksFor("ghost@example.org", "192.0.2.50")).toBe(1);
    // A throttled attempt checks no password at all.
    for (let i = 0; i < 5; i++) await attempt(known.email, "wrong-password-3", "192.0.2.41");
    verifications.mockClear();
    expect((await attempt(known.email, known.password, "192.0.2.41")).status).toBe(429);
    expect(verifications).not.toHaveBeenCalled();
  });

  it("a client's X-Forwarded-For, trailing comma or X-Real-IP never decides the address: the socket does", async () => {
    const user = await createUser();
    const socket = "192.0.2.60";
    for (let i = 0; i < 10; i++) {
      const spoofed: Record<string, string> = [
        { "x-forwarded-for": `10.9.9.${i}` },
        { "x-forwarded-for": `10.0.0.1, 10.8.8.${i}` },
        { "x-forwarded-for": `10.7.7.${i},`, "x-real-ip": `10.6.6.${i}` },
      ][i % 3]!;
      expect(
        (await attempt(`sprayed-${i}@example.org`, "Winter2026!", socket, { headers: spoofed })).status,
      ).toBe(401);
    }
    const last = await attempt(user.email, user.password, socket, {
      headers: { "x-forwarded-for": "10.1.1.1" },
    });
    expect(last.status).toBe(429);
    const db = await getDb();
    const recorded = await db
      .selectDistinct({ ip: auditLogs.ipAddress })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "login"), eq(auditLogs.reason, "Sign-in failed: unknown email")));
    expect(recorded.map((row) => row.ip)).not.toContain("10.9.9.0");
    expect(recorded.map((row) => row.ip)).toContain(socket);
  });

  it("the browser sign-in (next-auth) goes through the same throttle", async () => {
    const user = await createUser();
    const address = "192.0.2.70";
    for (let i = 0; i < 10; i++) await attempt(`sprayed-${i}@example.org`, "Winter2026!", address);

    const res = await browserSignIn(user.email, user.password, address);
    expect(decodeURIComponent(String(res.redirect))).toContain(
      "error=Too many failed sign-in attempts. Try again in 15 minutes.",
    );
    expect(res.cookies?.some((c) => c.name.includes("session-token"))).toBe(false);
    // From another address the same browser sign-in works.
    const other = await browserSignIn(user.email, user.password, "203.0.113.70");
    expect(other.cookies?.some((c) => c.name === "next-auth.session-token")).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLogin).not.toBeNull(); // set by the second, allowed sign-in only
  });
});

describe("device cookies: a browser that signed in as the user is judged by its own failures", () => {
  it("keeps signing in while its address (a hospital's one address) is throttled for everyone else", async () => {
    const nurse = await createUser();
    const hospital = "198.51.100.200";
    const first = await attempt(nurse.email, nurse.password, hospital);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(first.headers.getSetCookie().find((c) => c.startsWith(DEVICE_COOKIE_NAME))).toMatch(
      /; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );

    // Someone behind the same address: 10 sprayed failures, then 5 more on the nurse's account.
    for (let i = 0; i < 10; i++) await attempt(`sprayed-${i}@example.org`, "Winter2026!", hospital);
    for (let i = 0; i < 5; i++) await attempt(nurse.email, `guess-${i}-xyz`, hospital);
    // An unknown device (another browser) at the hospital is throttled, the right password or not…
    expect((await attempt(nurse.email, nurse.password, hospital)).status).toBe(429);
    // …the nurse's own browser is not: the API sign-in and the browser sign-in (next-auth) alike.
    expect((await attempt(nurse.email, nurse.password, hospital, { device })).status).toBe(200);
    const browser = await browserSignIn(nurse.email, nurse.password, hospital, device);
    expect(browser.cookies?.some((c) => c.name === "next-auth.session-token")).toBe(true);
    expect(browser.setCookies.some((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`))).toBe(true);

    // The token names its user: another user (or a forged token) gets no separate budget from it.
    const colleague = await createUser();
    expect((await attempt(colleague.email, colleague.password, hospital, { device })).status).toBe(429);
    const forged = device.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await attempt(nurse.email, nurse.password, hospital, { device: forged })).status).toBe(429);
  });

  it("a known device has its own limit: 5 wrong passwords stop that device, not the user elsewhere", async () => {
    const user = await createUser();
    const device = deviceCookieOf(await attempt(user.email, user.password, "198.51.100.210"));
    for (let i = 0; i < 5; i++)
      expect((await attempt(user.email, `typo-${i}-abc`, "198.51.100.211", { device })).status).toBe(401);
    expect((await attempt(user.email, user.password, "198.51.100.212", { device })).status).toBe(429);
    expect((await attempt(user.email, user.password, "198.51.100.213")).status).toBe(200);
  });

  it("distributed guessing slows the account's unknown devices (429, Retry-After), never its known device", async () => {
    const target = await createUser();
    const device = deviceCookieOf(await attempt(target.email, target.password, "198.51.100.220"));
    // 10 guesses, each from its own address: no address or pair limit is reached.
    for (let i = 0; i < 10; i++)
      expect((await attempt(target.email, `guess-${i}-xyz`, `203.0.113.${100 + i}`)).status).toBe(401);

    // The next unknown device, from a fresh address, waits 15 s after the last failure…
    const slowed = await attempt(target.email, target.password, "203.0.113.200");
    expect(slowed.status).toBe(429);
    const retryAfter = Number(slowed.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect(slowed.json.detail).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
    // …the user's own browser signs in at once, from anywhere; the account itself is never locked.
    expect((await attempt(target.email, target.password, "203.0.113.201", { device })).status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, target.id));
    expect(row!.lockedUntil).toBeNull();
    const slowedRows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "lock"), eq(auditLogs.entityId, String(target.id))));
    expect(slowedRows.map((r) => r.reason)).toEqual([
      `Sign-ins to ${target.email} from unknown devices slowed: 10 failures within 15 minutes (known devices unaffected)`,
    ]);
  });
});

describe("POST /api/auth/password: the current password goes through the sign-in throttle", () => {
  it("answers 30 quick wrong guesses with 5 checks (422) and 25 refusals (429), every check audited", async () => {
    const user = await createUser();
    const tokens = await attempt(user.email, user.password, "198.51.100.230");
    const headers = { authorization: `Bearer ${String(tokens.json.access_token)}` };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await call(changePassword, {
        method: "POST",
        path: "/api/auth/password",
        headers,
        address: "198.51.100.231",
        body: { current_password: `guess-${i}-abcdef`, new_password: "a brand new passphrase" },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      else
        expect(res.json.detail).toEqual([
          expect.objectContaining({
            loc: ["body", "current_password"],
            msg: inEnglish(USER_MESSAGES.currentPasswordWrong),
          }),
        ]);
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const db = await getDb();
    const rows = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(user.id)));
    const refused = rows.filter(
      (r) => r.reason === "Password change refused: the current password was wrong",
    );
    expect(refused).toHaveLength(5);
    expect(refused.every((r) => r.ipAddress === "198.51.100.231" && r.userId === user.id)).toBe(true);
    expect(rows.filter((r) => r.action === "lock").map((r) => r.reason)).toEqual([
      `Sign-ins to ${user.email} from 198.51.100.231 throttled: 5 failures within 15 minutes`,
    ]);
    // The password is unchanged and still signs in (from another address).
    expect((await attempt(user.email, user.password, "198.51.100.232")).status).toBe(200);
  });
});
