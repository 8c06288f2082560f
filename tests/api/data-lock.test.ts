/**
 * Patient freeze and study lock (docs/decisions/0034-patient-and-study-lock.md): who may lock and
 * unlock, the refusals of bad requests, the audit rows with their reason, and what a lock leaves
 * working (reads, exports, the audit trail) and gives back when lifted. Every route's 423 is
 * tests/api/data-lock-contracts.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as freezeRoute } from "@/app/api/patients/[id]/lock/route";
import { GET as getPatient, PUT as updatePatient } from "@/app/api/patients/[id]/route";
import { POST as unfreezeRoute } from "@/app/api/patients/[id]/unlock/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { GET as exportStudy } from "@/app/api/studies/[id]/export/route";
import { POST as lockStudyRoute } from "@/app/api/studies/[id]/lock/route";
import { GET as getStudy } from "@/app/api/studies/[id]/route";
import { POST as unlockStudyRoute } from "@/app/api/studies/[id]/unlock/route";
import { GET as entityTrail } from "@/app/api/admin/audit-logs/entity/[type]/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import type { Actor } from "@/lib/server/auth/actor";
import { studyPageAccess } from "@/lib/server/users/page-access";
import { call } from "./helpers";
import { callRoute } from "./route-call";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

const REASON = "Database lock after the last visit";

let admin: Caller;
let pi: Caller;
let medico: Caller;
let monitor: Caller;
let outsider: Caller;
let study: { id: number; code: string };
let seq = 0;

const ids = (id: number) => ({ id: String(id) });
const post = (handler: typeof freezeRoute, caller: Caller, id: number, body: unknown = { reason: REASON }) =>
  call(handler, { method: "POST", headers: caller.headers, params: ids(id), body });

async function newPatient(): Promise<number> {
  const res = await call(createPatient, {
    method: "POST",
    headers: admin.headers,
    body: patientBody(study.id, `LOCK-${++seq}`),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

async function lockRows(entityType: string, entityId: number) {
  const db = await getDb();
  return db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, String(entityId))))
    .then((rows) => rows.filter((r) => r.action === "lock" || r.action === "unlock"));
}

const editWeight = (caller: Caller, id: number, version: number) =>
  call(updatePatient, {
    method: "PUT",
    headers: caller.headers,
    params: ids(id),
    body: { version, reason: REASON, weight_kg: 71 },
  });

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  study = await createStudy(admin);
  pi = await memberOf(study.id, "principal_investigator");
  medico = await memberOf(study.id, "medico");
  monitor = await memberOf(study.id, "study_monitor");
  outsider = await callerFor();
}, 60_000);

describe("patient freeze", () => {
  it("lets a principal investigator freeze and unfreeze with a reason, audited, and refuses writes between", async () => {
    const id = await newPatient();
    const frozen = await post(freezeRoute, pi, id);
    expect(frozen.status, JSON.stringify(frozen.json)).toBe(200);
    expect(frozen.json).toMatchObject({ id, locked_by: pi.userId, locked_at: expect.any(String) });
    const read = await call(getPatient, { headers: pi.headers, params: ids(id) });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ locked_at: frozen.json.locked_at, locked_by: pi.userId });

    const refused = await editWeight(admin, id, read.json.version as number);
    expect(refused.status).toBe(423);
    expect(String(refused.json.detail)).toMatch(/^Patient LOCK-\d+ is frozen/);
    const visit = await call(createVisit, {
      method: "POST",
      headers: admin.headers,
      body: {
        patient_id: id,
        visit_number: 1,
        visit_date: "2024-01-01",
        visit_type: "baseline",
        data_fields: {},
      },
    });
    expect(visit.status).toBe(423);

    const unfrozen = await post(unfreezeRoute, admin, id, { reason: "Query found after the freeze" });
    expect(unfrozen.status).toBe(200);
    expect(unfrozen.json).toEqual({ id, locked_at: null, locked_by: null });
    const after = await call(getPatient, { headers: admin.headers, params: ids(id) });
    expect((await editWeight(admin, id, after.json.version as number)).status).toBe(200);

    const rows = await lockRows("patient", id);
    expect(rows.map((r) => [r.action, r.reason, r.studyId, r.userId])).toEqual([
      ["lock", REASON, study.id, pi.userId],
      ["unlock", "Query found after the freeze", study.id, admin.userId],
    ]);
    expect(rows[0]!.newValues).toEqual({ locked_at: frozen.json.locked_at, locked_by: pi.userId });
    expect(rows[1]!.oldValues).toEqual({ locked_at: frozen.json.locked_at, locked_by: pi.userId });
  });

  it("refuses a medico and a monitor (403), an outsider (404), no reason (422), a double lock (409)", async () => {
    const id = await newPatient();
    const medicoTry = await post(freezeRoute, medico, id);
    // The medico sees their own patients only: the admin's patient is out of their scope.
    expect(medicoTry.status).toBe(404);
    expect((await post(freezeRoute, monitor, id)).status).toBe(403);
    expect(String((await post(freezeRoute, monitor, id)).json.detail)).toMatch(/principal investigator/);
    expect((await post(freezeRoute, outsider, id)).status).toBe(404);
    expect((await post(freezeRoute, pi, id, {})).status).toBe(422);
    expect((await post(freezeRoute, pi, id, { reason: "  " })).status).toBe(422);
    expect((await post(unfreezeRoute, pi, id)).status).toBe(409);
    expect(String((await post(unfreezeRoute, pi, id)).json.detail)).toMatch(/is not frozen/);
    expect((await post(freezeRoute, pi, id)).status).toBe(200);
    const again = await post(freezeRoute, admin, id);
    expect(again.status).toBe(409);
    expect(String(again.json.detail)).toMatch(/already frozen/);
    expect((await post(unfreezeRoute, monitor, id)).status).toBe(403);
    expect((await post(unfreezeRoute, pi, id, {})).status).toBe(422);
    expect(await lockRows("patient", id)).toHaveLength(1);
  });

  it("refuses a medico 403 on their own patient", async () => {
    const res = await call(createPatient, {
      method: "POST",
      headers: medico.headers,
      body: patientBody(study.id, `LOCK-OWN-${++seq}`),
    });
    expect(res.status).toBe(201);
    const refused = await post(freezeRoute, medico, res.json.id as number);
    expect(refused.status).toBe(403);
  });
});

describe("study lock", () => {
  it("is the administrators' only: 403 for a principal investigator, 404 for an outsider, 422 without a reason", async () => {
    expect((await post(lockStudyRoute, pi, study.id)).status).toBe(403);
    expect((await post(lockStudyRoute, monitor, study.id)).status).toBe(403);
    expect((await post(lockStudyRoute, outsider, study.id)).status).toBe(404);
    expect((await post(lockStudyRoute, admin, 2_000_000_000)).status).toBe(404);
    expect((await post(lockStudyRoute, admin, study.id, { reason: "" })).status).toBe(422);
    expect((await post(unlockStudyRoute, admin, study.id)).status).toBe(409);
  });

  it("locks every write of every role, keeps reads, exports and the trail, and gives writes back when unlocked", async () => {
    const id = await newPatient();
    const before = await call(getPatient, { headers: admin.headers, params: ids(id) });
    const locked = await post(lockStudyRoute, admin, study.id);
    expect(locked.status, JSON.stringify(locked.json)).toBe(200);
    expect(locked.json).toMatchObject({
      id: study.id,
      locked_by: admin.userId,
      locked_at: expect.any(String),
    });
    expect((await post(lockStudyRoute, admin, study.id)).status).toBe(409);

    const shown = await call(getStudy, { headers: pi.headers, params: ids(study.id) });
    expect(shown.status).toBe(200);
    expect(shown.json.locked_at).toBe(locked.json.locked_at);

    for (const caller of [admin, pi]) {
      const refused = await editWeight(caller, id, before.json.version as number);
      expect(refused.status).toBe(423);
      expect(String(refused.json.detail)).toMatch(/^The study is locked/);
    }
    // A freeze is a write too.
    expect((await post(freezeRoute, pi, id)).status).toBe(423);
    // A refusal by role still comes first.
    expect((await post(freezeRoute, monitor, id)).status).toBe(403);

    expect((await call(getPatient, { headers: pi.headers, params: ids(id) })).status).toBe(200);
    const exported = await callRoute(exportStudy, "GET", "/api/studies/{id}/export", admin.headers, {
      params: ids(study.id),
      query: { format: "csv-long" },
    });
    expect(exported.status).toBe(200);
    const trail = await call(entityTrail, {
      headers: pi.headers,
      params: { type: "patient", id: String(id) },
    });
    expect(trail.status).toBe(200);

    const unlocked = await post(unlockStudyRoute, admin, study.id, {
      reason: "Reopened for a late correction",
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json).toEqual({ id: study.id, locked_at: null, locked_by: null });
    expect((await editWeight(pi, id, before.json.version as number)).status).toBe(200);

    const rows = await lockRows("study", study.id);
    expect(rows.map((r) => [r.action, r.reason, r.studyId, r.userId])).toEqual([
      ["lock", REASON, study.id, admin.userId],
      ["unlock", "Reopened for a late correction", study.id, admin.userId],
    ]);
  });

  it("tells the study's administration pages whether it is locked, so they offer no write", async () => {
    // The page's own actor, as the session gives it: an administrator and a study member.
    const actorOf = (caller: Caller, roleLevel: Actor["roleLevel"]): Actor => ({
      userId: caller.userId,
      roleLevel,
      isSuperuser: false,
      email: `page-${caller.userId}@example.org`,
      fullName: "Page reader",
      sessionId: "page",
      via: "cookie",
      apiToken: null,
      mustChangePassword: false,
      mustEnrolSecondFactor: false,
      locale: null,
      heard: false,
    });
    const page = `/admin/studies/${study.id}/team`;
    const open = { kind: "ok", studyName: expect.any(String), locked: false };
    expect(await studyPageAccess(actorOf(admin, "admin"), study.id, "team.manage", page)).toEqual(open);
    expect(await studyPageAccess(actorOf(pi, "user"), study.id, "study.read", page)).toEqual(open);

    expect((await post(lockStudyRoute, admin, study.id)).status).toBe(200);
    try {
      const locked = { ...open, locked: true };
      expect(await studyPageAccess(actorOf(admin, "admin"), study.id, "team.manage", page)).toEqual(locked);
      expect(await studyPageAccess(actorOf(pi, "user"), study.id, "study.read", page)).toEqual(locked);
    } finally {
      expect(
        (await post(unlockStudyRoute, admin, study.id, { reason: "Reopened after the check" })).status,
      ).toBe(200);
    }
  });
});
