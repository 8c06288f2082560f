/**
 * A session is as current as a database read on every request, though on PostgreSQL it is no
 * longer read on every request (lib/server/auth/session-cache.ts, docs/decisions/0019): logout,
 * deactivation, a password change and a role removal take effect on the very next request, whether
 * they went through this process or through another connection (another instance, an operator).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as adminUsers } from "@/app/api/admin/users/route";
import { PUT as updateUserRoute } from "@/app/api/admin/users/[id]/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as passwordRoute } from "@/app/api/auth/password/route";
import { getDb } from "@/db/client";
import { poolOf } from "@/lib/server/auth/session-watch";
import { call, createUser } from "./helpers";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let address = 0;

async function signedIn(options: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(options);
  const res = await call(login, {
    method: "POST",
    body: { email: user.email, password: user.password },
    headers: { "x-forwarded-for": `203.0.113.${++address}` },
  });
  expect(res.status).toBe(200);
  return { ...user, headers: bearer(String(res.json.access_token)) };
}

/** Another connection to the same database: another instance's, or an operator's psql. */
let other: { run: (statement: string, values: unknown[]) => Promise<void>; close: () => Promise<void> };

beforeAll(async () => {
  const db = await getDb();
  const pool = poolOf(db);
  if (pool) {
    const client = new pg.Client(pool.options);
    await client.connect();
    other = {
      run: async (text, values) => void (await client.query(text, values)),
      close: () => client.end(),
    };
  } else {
    // PGlite serves one process over one connection: "another instance" cannot exist.
    other = {
      run: async (text, values) => {
        const client = (
          db as unknown as { $client: { query: (t: string, v: unknown[]) => Promise<unknown> } }
        ).$client;
        await client.query(text, values);
      },
      close: async () => {},
    };
  }
});

afterAll(() => other.close());

/** How many times `fn` read a session row from the database. */
async function sessionReads(fn: () => Promise<void>): Promise<number> {
  const db = await getDb();
  let reads = 0;
  const count = (text: unknown) => {
    if (String(text).includes('from "auth_sessions"')) reads++;
  };
  if (poolOf(db)) {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      count(typeof config === "string" ? config : config?.text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await fn();
    } finally {
      pg.Client.prototype.query = original;
    }
  } else {
    const client = (db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const original = client.query;
    client.query = (...args: unknown[]) => {
      count(args[0]);
      return original.apply(client, args);
    };
    try {
      await fn();
    } finally {
      client.query = original;
    }
  }
  return reads;
}

describe("session resolution", () => {
  it("on PostgreSQL a known session costs no query per request (PGlite reads it every time)", async () => {
    const user = await signedIn();
    expect((await call(me, { headers: user.headers })).status).toBe(200);
    const reads = await sessionReads(async () => {
      for (let i = 0; i < 5; i++) expect((await call(me, { headers: user.headers })).status).toBe(200);
    });
    expect(reads).toBe(poolOf(await getDb()) ? 0 : 5);
  });
});

describe("revocation takes effect on the very next request", () => {
  it("logout through the app", async () => {
    const user = await signedIn();
    expect((await call(me, { headers: user.headers })).status).toBe(200);
    expect((await call(logoutRoute, { method: "POST", headers: user.headers })).status).toBe(200);
    expect((await call(me, { headers: user.headers })).status).toBe(401);
  });

  it("a password change through the app ends the user's other sessions", async () => {
    const user = await signedIn();
    const second = await call(login, {
      method: "POST",
      body: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": `203.0.113.${++address}` },
    });
    const otherSession = bearer(String(second.json.access_token));
    expect((await call(me, { headers: otherSession })).status).toBe(200);
    const changed = await call(passwordRoute, {
      method: "POST",
      headers: user.headers,
      body: { current_password: user.password, new_password: "a different long passphrase 42" },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBeLessThan(300);
    expect((await call(me, { headers: otherSession })).status).toBe(401);
  });

  it("deactivation and role removal through the app", async () => {
    const superadmin = await signedIn({ roleLevel: "superadmin" });
    const target = await signedIn({ roleLevel: "admin" });
    expect((await call(adminUsers, { headers: target.headers })).status).toBe(200);
    const update = (body: Record<string, unknown>) =>
      call(updateUserRoute, {
        method: "PUT",
        headers: superadmin.headers,
        params: { id: String(target.id) },
        body,
      });
    const demoted = await update({ role_level: "user", version: 1 });
    expect(demoted.status, JSON.stringify(demoted.json)).toBe(200);
    expect((await call(adminUsers, { headers: target.headers })).status).toBe(403);
    const deactivated = await update({ is_active: false, version: Number(demoted.json.version) });
    expect(deactivated.status, JSON.stringify(deactivated.json)).toBe(200);
    expect((await call(me, { headers: target.headers })).status).toBe(401);
  });

  it.each([
    ["logout", "update auth_sessions set revoked_at = now() where user_id = $1"],
    ["deactivation", "update users set is_active = false where id = $1"],
    [
      "password change",
      "with u as (update users set password_hash = 'changed elsewhere' where id = $1 returning id) " +
        "update auth_sessions set revoked_at = now() where user_id in (select id from u)",
    ],
    ["session deleted", "delete from auth_sessions where user_id = $1"],
  ])("%s by another connection", async (_what, statement) => {
    // Several times over: a race between the change and the next request would show here.
    for (let i = 0; i < 5; i++) {
      const user = await signedIn();
      expect((await call(me, { headers: user.headers })).status).toBe(200);
      expect((await call(me, { headers: user.headers })).status).toBe(200);
      await other.run(statement, [user.id]);
      expect((await call(me, { headers: user.headers })).status).toBe(401);
    }
  });

  it("role removal by another connection", async () => {
    for (let i = 0; i < 5; i++) {
      const admin = await signedIn({ roleLevel: "admin" });
      expect((await call(adminUsers, { headers: admin.headers })).status).toBe(200);
      await other.run("update users set role_level = 'user' where id = $1", [admin.id]);
      expect((await call(adminUsers, { headers: admin.headers })).status).toBe(403);
    }
  });

  it("an idle session backdated by another connection ends at once", async () => {
    const user = await signedIn();
    expect((await call(me, { headers: user.headers })).status).toBe(200);
    await other.run(
      "update auth_sessions set last_seen_at = now() - interval '31 minutes' where user_id = $1",
      [user.id],
    );
    expect((await call(me, { headers: user.headers })).status).toBe(401);
  });
});
