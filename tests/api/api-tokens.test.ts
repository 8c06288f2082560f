/**
 * Personal API tokens (docs/decisions/0036-personal-api-tokens.md) against a real database: the
 * scope never exceeds the user's role (at creation and at every use, a role lowered later lowers
 * the token), another study is an unknown study, revoked, expired and unknown tokens and a
 * deactivated user answer 401, the token is kept only as its hash, it cannot reach the token,
 * account or admin routes, and the audit rows it writes name it.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listTokens, POST as createToken } from "@/app/api/auth/tokens/route";
import { DELETE as revokeToken } from "@/app/api/auth/tokens/[id]/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as changePassword } from "@/app/api/auth/password/route";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { GET as listStudies } from "@/app/api/studies/route";
import { GET as getStudy } from "@/app/api/studies/[id]/route";
import { GET as exportStudy } from "@/app/api/studies/[id]/export/route";
import { GET as listPatients, POST as createPatient } from "@/app/api/patients/route";
import { getDb } from "@/db/client";
import { apiTokens, auditLogs, userStudyRoles, users } from "@/db/schema";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";
import { API_TOKEN_MAX_DAYS } from "@/lib/schemas/api-tokens";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";
import { call } from "./helpers";
import { callRoute } from "./route-call";

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let admin: Caller;
let studyA: number;
let studyB: number;
let seq = 0;

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "superadmin" });
  studyA = (await createStudy(admin)).id;
  studyB = (await createStudy(admin)).id;
}, 60_000);

async function makeToken(caller: Caller, body: Record<string, unknown>) {
  return call(createToken, {
    method: "POST",
    path: "/api/auth/tokens",
    headers: caller.headers,
    body: { name: `integration ${++seq}`, expires_at: inDays(30), ...body },
  });
}

async function tokenOf(caller: Caller, studyId: number, access: "read" | "write") {
  const res = await makeToken(caller, { study_id: studyId, access });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; name: string; token: string };
}

const patientsOf = (headers: Record<string, string>, studyId: number) =>
  call(listPatients, { path: `/api/patients?study_id=${studyId}`, headers });

const newPatient = (headers: Record<string, string>, studyId: number) =>
  call(createPatient, {
    method: "POST",
    path: "/api/patients",
    headers,
    body: patientBody(studyId, `TK-${process.pid}-${++seq}`),
  });

async function setRole(userId: number, studyId: number, role: "principal_investigator" | "read_only") {
  const db = await getDb();
  await db
    .update(userStudyRoles)
    .set({ role })
    .where(and(eq(userStudyRoles.userId, userId), eq(userStudyRoles.studyId, studyId)));
}

describe("personal API tokens: the scope never exceeds the role", () => {
  it("answers the token once and keeps only its SHA-256", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const created = await tokenOf(pi, studyA, "write");
    expect(created.token).toMatch(/^crt_[A-Za-z0-9_-]{43}$/);
    const db = await getDb();
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    // Nowhere in the row, nor in the audit trail, is the plain token.
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.entityType, "api_token"));
    expect(JSON.stringify(trail)).not.toContain(created.token.slice(4));
    const list = await call(listTokens, { path: "/api/auth/tokens", headers: pi.headers });
    expect(list.status).toBe(200);
    const items = list.json.items as Record<string, unknown>[];
    expect(items).toEqual([
      expect.objectContaining({ id: created.id, study_id: studyA, access: "write", revoked_at: null }),
    ]);
    expect(items[0]).not.toHaveProperty("token");
  });

  it("refuses a write token to a role that changes no data, and any token for a study without a role", async () => {
    const monitor = await memberOf(studyA, "read_only");
    const write = await makeToken(monitor, { study_id: studyA, access: "write" });
    expect(write.status).toBe(403);
    expect(write.json.detail).toBe("Your role in this study does not change data: make a read-only token");
    expect((await makeToken(monitor, { study_id: studyA, access: "read" })).status).toBe(201);
    const foreign = await makeToken(monitor, { study_id: studyB, access: "read" });
    expect(foreign.status).toBe(404);
    expect(foreign.json.detail).toBe("Study not found");
    expect((await makeToken(monitor, { study_id: 2_000_000_000, access: "read" })).status).toBe(404);
  });

  it("refuses an expiry in the past or beyond the maximum", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const past = await makeToken(pi, { study_id: studyA, access: "read", expires_at: inDays(-1) });
    expect(past.status).toBe(422);
    expect(JSON.stringify(past.json.detail)).toContain("The expiry must be in the future");
    const far = await makeToken(pi, {
      study_id: studyA,
      access: "read",
      expires_at: inDays(API_TOKEN_MAX_DAYS + 1),
    });
    expect(far.status).toBe(422);
    const bad = await makeToken(pi, { study_id: studyA, access: "read", expires_at: "tomorrow" });
    expect(bad.status).toBe(422);
  });

  it("reads only with a read token, writes with a write token, and a lowered role lowers the token", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const read = await tokenOf(pi, studyA, "read");
    const write = await tokenOf(pi, studyA, "write");
    expect((await patientsOf(bearer(read.token), studyA)).status).toBe(200);
    expect((await newPatient(bearer(read.token), studyA)).status).toBe(403);
    expect((await newPatient(bearer(write.token), studyA)).status).toBe(201);
    await setRole(pi.userId, studyA, "read_only");
    expect((await newPatient(bearer(write.token), studyA)).status).toBe(403);
    expect((await patientsOf(bearer(write.token), studyA)).status).toBe(200);
    await setRole(pi.userId, studyA, "principal_investigator");
  });

  it("answers another study as an unknown one, even where the user holds a role", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const db = await getDb();
    await db
      .insert(userStudyRoles)
      .values({ userId: pi.userId, studyId: studyB, role: "principal_investigator" });
    const token = await tokenOf(pi, studyA, "write");
    const other = await call(getStudy, {
      path: `/api/studies/${studyB}`,
      headers: bearer(token.token),
      params: { id: String(studyB) },
    });
    expect(other.status).toBe(404);
    expect(other.json.detail).toBe("Study not found");
    expect((await patientsOf(bearer(token.token), studyB)).status).toBe(404);
    expect((await newPatient(bearer(token.token), studyB)).status).toBe(404);
    // The user's own session still reaches both.
    expect((await patientsOf(pi.headers, studyB)).status).toBe(200);
  });

  it("gives a platform administrator's token no more than that one study, and no platform routes", async () => {
    const token = await tokenOf(admin, studyA, "read");
    expect((await patientsOf(bearer(token.token), studyA)).status).toBe(200);
    expect((await patientsOf(bearer(token.token), studyB)).status).toBe(404);
    expect((await newPatient(bearer(token.token), studyA)).status).toBe(403);
    const users = await call(listUsers, { path: "/api/admin/users", headers: bearer(token.token) });
    expect(users.status).toBe(403);
    expect(users.json.detail).toBe("An API token cannot call this endpoint: sign in to use it");
    expect((await call(listStudies, { path: "/api/studies", headers: bearer(token.token) })).status).toBe(
      403,
    );
  });

  it("cannot make tokens, list or revoke them, or change the password; it can say whose it is", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const token = await tokenOf(pi, studyA, "write");
    const headers = bearer(token.token);
    const more = await call(createToken, {
      method: "POST",
      path: "/api/auth/tokens",
      headers,
      body: { name: "more", expires_at: inDays(30), study_id: studyA, access: "write" },
    });
    expect(more.status).toBe(403);
    expect((await call(listTokens, { path: "/api/auth/tokens", headers })).status).toBe(403);
    const revoke = await call(revokeToken, {
      method: "DELETE",
      path: `/api/auth/tokens/${token.id}`,
      headers,
      params: { id: String(token.id) },
    });
    expect(revoke.status).toBe(403);
    const password = await call(changePassword, {
      method: "POST",
      path: "/api/auth/password",
      headers,
      body: { current_password: "correct horse battery", new_password: "another sturdy passphrase" },
    });
    expect(password.status).toBe(403);
    const whoami = await call(me, { path: "/api/auth/me", headers });
    expect(whoami.status).toBe(200);
    expect(whoami.json.id).toBe(pi.userId);
  });
});

describe("personal API tokens: revoked, expired, unknown and deactivated answer 401", () => {
  const INVALID = "The API token is unknown, expired or revoked, or its user is deactivated";

  it("refuses a revoked token from the next request; another user cannot revoke it", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const token = await tokenOf(pi, studyA, "read");
    expect((await patientsOf(bearer(token.token), studyA)).status).toBe(200);
    const stranger = await callerFor();
    const path = `/api/auth/tokens/${token.id}`;
    const params = { id: String(token.id) };
    expect(
      (await call(revokeToken, { method: "DELETE", path, headers: stranger.headers, params })).status,
    ).toBe(404);
    expect((await call(revokeToken, { method: "DELETE", path, headers: pi.headers, params })).status).toBe(
      204,
    );
    const refused = await patientsOf(bearer(token.token), studyA);
    expect(refused.status).toBe(401);
    expect(refused.json.detail).toBe(INVALID);
    // Revoking again changes nothing.
    expect((await call(revokeToken, { method: "DELETE", path, headers: pi.headers, params })).status).toBe(
      204,
    );
    const db = await getDb();
    const revocations = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "api_token"), eq(auditLogs.entityId, String(token.id))));
    expect(revocations.map((r) => r.reason)).toEqual([
      "Personal API token created",
      "Personal API token revoked",
    ]);
  });

  it("refuses an expired token", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const token = await tokenOf(pi, studyA, "read");
    const db = await getDb();
    await db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, token.id));
    const refused = await patientsOf(bearer(token.token), studyA);
    expect(refused.status).toBe(401);
    expect(refused.json.detail).toBe(INVALID);
  });

  it("refuses the token of a deactivated user, and takes it back when they are reactivated", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const token = await tokenOf(pi, studyA, "read");
    const db = await getDb();
    await db.update(users).set({ isActive: false }).where(eq(users.id, pi.userId));
    expect((await patientsOf(bearer(token.token), studyA)).status).toBe(401);
    await db.update(users).set({ isActive: true }).where(eq(users.id, pi.userId));
    expect((await patientsOf(bearer(token.token), studyA)).status).toBe(200);
  });

  it("refuses an unknown token of the right shape without trying it as a JWT", async () => {
    const res = await patientsOf(bearer(`crt_${"A".repeat(43)}`), studyA);
    expect(res.status).toBe(401);
    expect(res.json.detail).toBe(INVALID);
  });
});

describe("personal API tokens: audited as the user with the token's name", () => {
  it("names the token on the rows its requests write, and the chain still verifies", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const token = await tokenOf(pi, studyA, "write");
    const db = await getDb();
    const [head] = await db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .orderBy(sql`${auditLogs.id} desc`)
      .limit(1);
    const before = head?.id ?? 0;
    const created = await newPatient(bearer(token.token), studyA);
    expect(created.status).toBe(201);
    const exported = await callRoute(exportStudy, "GET", "/api/studies/{id}/export", bearer(token.token), {
      params: { id: String(studyA) },
      query: { format: "csv-long" },
    });
    expect(exported.status).toBe(200);
    expect(String(exported.json)).toContain(created.json.code as string);
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(gt(auditLogs.id, before), eq(auditLogs.userId, pi.userId)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.apiToken)).toEqual(rows.map(() => token.name));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["create", "export"]));
    // A session's rows carry no token name.
    await newPatient(pi.headers, studyA);
    const [last] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, pi.userId))
      .orderBy(sql`${auditLogs.id} desc`)
      .limit(1);
    expect(last!.apiToken).toBeNull();
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, findings: [] });
  });

  it("records when the token was last used, at most once a minute", async () => {
    const pi = await memberOf(studyA, "principal_investigator");
    const token = await tokenOf(pi, studyA, "read");
    const db = await getDb();
    const lastUsed = async () =>
      (await db.select().from(apiTokens).where(eq(apiTokens.id, token.id)))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await patientsOf(bearer(token.token), studyA);
    expect(await lastUsed()).not.toBeNull();
    const recent = new Date(Date.now() - 10_000);
    await db.update(apiTokens).set({ lastUsedAt: recent }).where(eq(apiTokens.id, token.id));
    await patientsOf(bearer(token.token), studyA);
    expect((await lastUsed())!.getTime()).toBe(recent.getTime());
    const old = new Date(Date.now() - 5 * 60_000);
    await db.update(apiTokens).set({ lastUsedAt: old }).where(eq(apiTokens.id, token.id));
    await patientsOf(bearer(token.token), studyA);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime());
  });
});
