import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as changePassword } from "@/app/api/auth/password/route";
import { DELETE as deactivate, GET as getOne, PUT as update } from "@/app/api/admin/users/[id]/route";
import { GET as list, POST as create } from "@/app/api/admin/users/route";
import { GET as listStudies } from "@/app/api/studies/route";
import { getDb } from "@/db/client";
import { authSessions, users } from "@/db/schema";
import { USER_MESSAGES } from "@/lib/schemas/users";
import { callerFor, type Caller } from "./clinical-fixtures";
import { auditRowsFor, call, cookieFor, createUser } from "./helpers";
import { inEnglish } from "@/tests/support/words-in";

let superadmin: Caller;
let admin: Caller;
let plain: Caller;
let seq = 0;
const email = (prefix = "new") => `${prefix}-${process.pid}-${++seq}@Example.org`;

const createAs = (caller: Caller, body: Record<string, unknown>) =>
  call(create, { method: "POST", path: "/api/admin/users", headers: caller.headers, body });
const updateAs = (caller: Caller, id: number, body: Record<string, unknown>) =>
  call(update, {
    method: "PUT",
    path: `/api/admin/users/${id}`,
    headers: caller.headers,
    params: { id: String(id) },
    body,
  });
const deactivateAs = (caller: Caller, id: number) =>
  call(deactivate, {
    method: "DELETE",
    path: `/api/admin/users/${id}`,
    headers: caller.headers,
    params: { id: String(id) },
  });
const listAs = (caller: Caller, query = "") =>
  call(list, { path: `/api/admin/users${query}`, headers: caller.headers });

beforeAll(async () => {
  superadmin = await callerFor({ roleLevel: "superadmin" });
  admin = await callerFor({ roleLevel: "admin" });
  plain = await callerFor();
});

describe("POST /api/admin/users", () => {
  it("creates a user with a lower-cased email, audited without the password", async () => {
    const address = email();
    const res = await createAs(admin, {
      email: address,
      password: "a sturdy passphrase",
      full_name: "Maria Rossi",
      role_level: "user",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      email: address.toLowerCase(),
      full_name: "Maria Rossi",
      is_active: true,
    });
    expect(res.json).not.toHaveProperty("password_hash");
    const rows = await auditRowsFor("user", res.json.id as number);
    expect(rows.map((r) => r.action)).toEqual(["create"]);
    expect(JSON.stringify(rows[0]!.newValues)).not.toContain("sturdy");
  });

  it("refuses a duplicate email whatever its case (409)", async () => {
    const address = email("dup");
    const body = { password: "a sturdy passphrase", full_name: "A", role_level: "user" };
    expect((await createAs(admin, { ...body, email: address })).status).toBe(201);
    const again = await createAs(admin, { ...body, email: address.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(inEnglish(USER_MESSAGES.emailTaken));
  });

  it("refuses short, missing and common passwords with the field named (422)", async () => {
    const base = { email: email(), full_name: "B", role_level: "user" };
    const missing = await createAs(admin, base);
    expect(missing.status).toBe(422);
    expect(missing.json.detail).toContainEqual(
      expect.objectContaining({ loc: ["body", "password"], msg: inEnglish(USER_MESSAGES.passwordRequired) }),
    );
    const short = await createAs(admin, { ...base, password: "short" });
    expect(short.json.detail).toContainEqual(
      expect.objectContaining({ msg: inEnglish(USER_MESSAGES.passwordMin) }),
    );
    const common = await createAs(admin, { ...base, password: "password123" });
    expect(common.status).toBe(422);
    expect(common.json.detail).toContainEqual(expect.objectContaining({ loc: ["body", "password"] }));
  });

  it("lets only superadmins create administrators and superadmins; plain users nothing", async () => {
    const body = (role_level: string) => ({
      email: email(),
      password: "a sturdy passphrase",
      full_name: "C",
      role_level,
    });
    expect((await createAs(admin, body("superadmin"))).status).toBe(403);
    expect((await createAs(admin, body("admin"))).status).toBe(403);
    expect((await createAs(plain, body("user"))).status).toBe(403);
    expect((await createAs(superadmin, body("admin"))).status).toBe(201);
    expect((await createAs(superadmin, body("superadmin"))).status).toBe(201);
  });
});

describe("GET /api/admin/users", () => {
  it("searches email and name, filters by role level and pages by 20", async () => {
    const marker = `zeta${process.pid}`;
    for (let i = 0; i < 22; i++) {
      await createAs(admin, {
        email: `${marker}-${i}@example.org`,
        password: "a sturdy passphrase",
        full_name: `Person ${i}`,
        role_level: "user",
      });
    }
    await createAs(admin, {
      email: email(),
      password: "a sturdy passphrase",
      full_name: `Dr ${marker.toUpperCase()} Name`,
      role_level: "user",
    });
    const first = await listAs(admin, `?search=${marker}`);
    expect(first.status).toBe(200);
    expect(first.json.total).toBe(23);
    expect((first.json.items as unknown[]).length).toBe(20);
    const second = await listAs(admin, `?search=${marker}&page=2`);
    expect((second.json.items as unknown[]).length).toBe(3);
    const admins = await listAs(admin, "?role_level=admin");
    expect((admins.json.items as { role_level: string }[]).every((u) => u.role_level === "admin")).toBe(true);
    // A literal % is not a wildcard.
    expect((await listAs(admin, "?search=%25")).json.total).toBe(0);
  });

  it("answers 403 to a user without admin rights, audited as access_denied", async () => {
    const res = await listAs(plain);
    expect(res.status).toBe(403);
    const db = await getDb();
    const denied = (await db.query.auditLogs.findMany()).filter(
      (r) => r.action === "access_denied" && r.userId === plain.userId,
    );
    expect(denied.length).toBeGreaterThan(0);
  });
});

describe("PUT and DELETE /api/admin/users/{id}", () => {
  it("changes name and level, refuses the email and a stale version", async () => {
    const target = await createUser();
    const res = await updateAs(superadmin, target.id, {
      full_name: "Renamed",
      role_level: "admin",
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ full_name: "Renamed", role_level: "admin", version: 2 });
    expect((await updateAs(superadmin, target.id, { full_name: "X", version: 1 })).status).toBe(409);
    const emailChange = await updateAs(superadmin, target.id, { email: "other@example.org" });
    expect(emailChange.status).toBe(422);
    // An admin may not touch an administrator.
    expect((await updateAs(admin, target.id, { full_name: "Y" })).status).toBe(403);
  });

  it("deactivates (never erases) and ends every session and token at once", async () => {
    const target = await createUser();
    const tokens = await call(login, {
      method: "POST",
      body: { email: target.email, password: target.password },
    });
    const bearer = { authorization: `Bearer ${String(tokens.json.access_token)}` };
    const { cookie } = await cookieFor(target);
    expect((await call(listStudies, { headers: bearer })).status).toBe(200);
    expect((await call(listStudies, { headers: { cookie } })).status).toBe(200);

    expect((await deactivateAs(admin, target.id)).status).toBe(204);
    expect((await call(listStudies, { headers: bearer })).status).toBe(401);
    expect((await call(listStudies, { headers: { cookie } })).status).toBe(401);
    const db = await getDb();
    const sessions = await db.select().from(authSessions).where(eq(authSessions.userId, target.id));
    expect(sessions.every((s) => s.revokedAt !== null && s.refreshTokenHash === null)).toBe(true);
    const [row] = await db.select().from(users).where(eq(users.id, target.id));
    expect(row?.isActive).toBe(false);
    const audit = await auditRowsFor("user", target.id);
    expect(audit.at(-1)).toMatchObject({ action: "update", newValues: { is_active: false } });
    const again = await call(getOne, { headers: admin.headers, params: { id: String(target.id) } });
    expect(again.json.is_active).toBe(false);
  });

  it("refuses deactivating or demoting yourself", async () => {
    expect((await deactivateAs(admin, admin.userId)).status).toBe(403);
    const demote = await updateAs(superadmin, superadmin.userId, { role_level: "admin" });
    expect(demote.status).toBe(403);
    expect(demote.json.detail).toBe(inEnglish(USER_MESSAGES.selfDemote));
  });

  it("keeps the last active superadmin: another superadmin cannot deactivate or demote them", async () => {
    const db = await getDb();
    await db.update(users).set({ isActive: false }).where(eq(users.roleLevel, "superadmin"));
    const only = await callerFor({ roleLevel: "superadmin" });
    // A flagged superuser manages admins too, but is not a superadmin-level account.
    const flagged = await callerFor({ isSuperuser: true });
    const res = await updateAs(flagged, only.userId, { is_active: false });
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe(inEnglish(USER_MESSAGES.lastSuperadmin));
    expect((await updateAs(flagged, only.userId, { role_level: "admin" })).status).toBe(409);
    superadmin = only;
  });
});

describe("temporary and own passwords", () => {
  it("a temporary password must be changed before anything else; the change ends other sessions", async () => {
    const target = await createUser();
    const { cookie } = await cookieFor(target);
    const set = await updateAs(admin, target.id, { password: "temporary passphrase 1" });
    expect(set.status).toBe(200);
    expect(set.json.must_change_password).toBe(true);
    expect((await call(listStudies, { headers: { cookie } })).status).toBe(401);

    const tokens = await call(login, {
      method: "POST",
      body: { email: target.email, password: "temporary passphrase 1" },
    });
    expect(tokens.status).toBe(200);
    const headers = { authorization: `Bearer ${String(tokens.json.access_token)}` };
    const blocked = await call(listStudies, { path: "/api/studies", headers });
    expect(blocked.status).toBe(403);
    expect(blocked.json.detail).toBe(inEnglish(USER_MESSAGES.passwordChangeRequired));
    expect((await call(me, { path: "/api/auth/me", headers })).status).toBe(200);

    const other = await cookieFor(target);
    const wrong = await call(changePassword, {
      method: "POST",
      path: "/api/auth/password",
      headers,
      body: { current_password: "not it at all", new_password: "my own passphrase 2" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.detail).toContainEqual(
      expect.objectContaining({
        loc: ["body", "current_password"],
        msg: inEnglish(USER_MESSAGES.currentPasswordWrong),
      }),
    );
    const common = await call(changePassword, {
      method: "POST",
      path: "/api/auth/password",
      headers,
      body: { current_password: "temporary passphrase 1", new_password: "iloveyou123" },
    });
    expect(common.status).toBe(422);
    const ok = await call(changePassword, {
      method: "POST",
      path: "/api/auth/password",
      headers,
      body: { current_password: "temporary passphrase 1", new_password: "my own passphrase 2" },
    });
    expect(ok.status).toBe(200);
    expect((await call(listStudies, { path: "/api/studies", headers })).status).toBe(200);
    expect((await call(listStudies, { headers: { cookie: other.cookie } })).status).toBe(401);
    const relog = await call(login, {
      method: "POST",
      body: { email: target.email, password: "my own passphrase 2" },
    });
    expect(relog.status).toBe(200);
  });

  it("requires a session", async () => {
    const res = await call(changePassword, {
      method: "POST",
      path: "/api/auth/password",
      body: { current_password: "x", new_password: "my own passphrase 2" },
    });
    expect(res.status).toBe(401);
  });
});
