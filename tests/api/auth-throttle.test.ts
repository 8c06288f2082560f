import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/db/client";
import { auditLogs, signInAttempts, users } from "@/db/schema";
import { call, createUser } from "./helpers";
import { browserSignIn } from "./next-auth-helpers";

function attempt(email: string, password: string, address: string) {
  return call(login, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password },
    headers: { "x-forwarded-for": address },
  });
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

  it("unknown and known emails take the same time class (one argon2 check each)", async () => {
    const known = await createUser();
    const time = async (email: string, address: string) => {
      const started = performance.now();
      await attempt(email, "wrong-password-2", address);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 8; i++) {
      knownTimes.push(await time(known.email, `192.0.2.${40 + i}`));
      unknownTimes.push(await time(`ghost-${i}@example.org`, `192.0.2.${50 + i}`));
    }
    // The fastest of each: a busy machine only ever adds time, so minimums compare the work done.
    // Without the dummy argon2 check an unknown email would answer in a small fraction of the time.
    const ratio = Math.min(...unknownTimes) / Math.min(...knownTimes);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it("a rightmost X-Forwarded-For entry is the address: a client-chosen prefix does not escape the throttle", async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i++) await attempt(user.email, `wrong-${i}-abc`, `10.9.9.${i}, 192.0.2.60`);
    expect((await attempt(user.email, user.password, "10.0.0.1, 192.0.2.60")).status).toBe(429);
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
