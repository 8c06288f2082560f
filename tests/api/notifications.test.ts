/**
 * Notifications of the data review (decision 0031) on PostgreSQL and PGlite alike: a query opened
 * or reopened with an assignee tells the assignee, an answer tells the opener and the assignee,
 * nobody is told of their own step; the inbox is each user's own (another's notification is a
 * 404), newest first, keyset paged, with its unread count; read and read-all are audited; and a
 * notification about a patient outside the reader's clinical scope is never listed.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as readAllRoute } from "@/app/api/notifications/read-all/route";
import { POST as readRoute } from "@/app/api/notifications/[id]/read/route";
import { GET as inboxRoute } from "@/app/api/notifications/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as closeRoute } from "@/app/api/queries/[id]/close/route";
import { POST as reopenRoute } from "@/app/api/queries/[id]/reopen/route";
import { POST as respondRoute } from "@/app/api/queries/[id]/responses/route";
import { POST as openRoute } from "@/app/api/queries/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs, notifications, userStudyRoles } from "@/db/schema";
import { auditRowsFor, call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

type Json = Record<string, unknown>;
type Inbox = { items: Json[]; next_cursor: string | null; unread: number };

let studyId: number;
let studyCode: string;
let monitor: Caller;
let dataManager: Caller;
let medico: Caller;
let otherMedico: Caller;
let subA: Caller;
let subB: Caller;
let groupA: number;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  const study = await createStudy(admin);
  studyId = study.id;
  studyCode = study.code;
  groupA = (await createGroup(studyId, "NA")).id;
  const groupB = (await createGroup(studyId, "NB")).id;
  monitor = await memberOf(studyId, "study_monitor");
  dataManager = await memberOf(studyId, "data_manager");
  medico = await memberOf(studyId, "medico");
  otherMedico = await memberOf(studyId, "medico");
  subA = await memberOf(studyId, "sub_investigator", groupA);
  subB = await memberOf(studyId, "sub_investigator", groupB);
});

let seq = 0;

/** A visit of a group-A patient entered by `owner` (a medico sees only their own patients). */
async function visitOf(owner: Caller = medico): Promise<{ visitId: number; code: string }> {
  const code = `NTF-${++seq}`;
  const patient = await call(createPatient, {
    method: "POST",
    headers: owner.headers,
    body: patientBody(studyId, code, { medical_group_id: groupA }),
  });
  expect(patient.status, JSON.stringify(patient.json)).toBe(201);
  const visit = await call(createVisit, {
    method: "POST",
    headers: owner.headers,
    body: {
      patient_id: patient.json.id,
      visit_number: 1,
      visit_date: "2024-01-10",
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
    },
  });
  expect(visit.status, JSON.stringify(visit.json)).toBe(201);
  return { visitId: visit.json.id as number, code };
}

async function openQuery(caller: Caller, visitId: number, assignee?: Caller): Promise<number> {
  const res = await call(openRoute, {
    method: "POST",
    headers: caller.headers,
    body: {
      study_id: studyId,
      entity_type: "visit",
      entity_id: visitId,
      field: "pasi_score",
      text: "Please check the PASI against the source",
      ...(assignee ? { assignee_id: assignee.userId } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

const respond = async (caller: Caller, id: number) => {
  const res = await call(respondRoute, {
    method: "POST",
    headers: caller.headers,
    params: { id: String(id) },
    body: { category: "confirmed_correct", text: "Checked against the source" },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};

async function inbox(caller: Caller, query = ""): Promise<Inbox> {
  const res = await call(inboxRoute, { headers: caller.headers, path: `/api/notifications?${query}` });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as Inbox;
}

const read = (caller: Caller, id: number) =>
  call(readRoute, { method: "POST", headers: caller.headers, params: { id: String(id) } });

async function rowsOf(queryId: number) {
  const db = await getDb();
  return db.select().from(notifications).where(eq(notifications.queryId, queryId));
}

describe("who is told", () => {
  it("tells the assignee of a newly opened query, in their inbox with its unread count", async () => {
    const { visitId, code } = await visitOf();
    const before = (await inbox(medico)).unread;
    const queryId = await openQuery(monitor, visitId, medico);

    const mine = await inbox(medico);
    expect(mine.unread).toBe(before + 1);
    expect(mine.items[0]).toMatchObject({
      kind: "query_assigned",
      study_id: studyId,
      study_code: studyCode,
      study_name: "Clinical Study",
      query_id: queryId,
      entity_type: "visit",
      field: "pasi_score",
      patient_code: code,
      read_at: null,
    });
    expect(typeof mine.items[0]!.actor_name).toBe("string");
    // The opener is not told of their own query.
    expect((await rowsOf(queryId)).map((r) => [r.userId, r.kind, r.actorId])).toEqual([
      [medico.userId, "query_assigned", monitor.userId],
    ]);
  });

  it("tells nobody of a query opened without an assignee, or assigned to its own opener", async () => {
    const { visitId } = await visitOf();
    expect(await rowsOf(await openQuery(monitor, visitId))).toEqual([]);
    expect(await rowsOf(await openQuery(monitor, visitId, monitor))).toEqual([]);
  });

  it("tells the opener and the assignee of an answer, but never the one who answered", async () => {
    const { visitId } = await visitOf();
    // The medico answers a query on their patient assigned to the data manager: the monitor
    // (opener) and the data manager (assignee) hear of it.
    const queryId = await openQuery(monitor, visitId, dataManager);
    await respond(medico, queryId);
    const answered = (await rowsOf(queryId)).filter((r) => r.kind === "query_answered");
    expect(answered.map((r) => r.userId).sort()).toEqual([monitor.userId, dataManager.userId].sort());
    expect(answered.every((r) => r.actorId === medico.userId)).toBe(true);
    expect((await inbox(monitor)).items[0]).toMatchObject({ kind: "query_answered", query_id: queryId });

    // Assigned to the medico who then answers it: the medico is not told of their own answer.
    const own = await openQuery(monitor, visitId, medico);
    await respond(medico, own);
    expect(
      (await rowsOf(own)).map((r) => [r.userId, r.kind]).sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [medico.userId, "query_assigned"],
        [monitor.userId, "query_answered"],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
  });

  it("tells the assignee again when the query is reopened, and nobody when it is closed", async () => {
    const { visitId } = await visitOf();
    const queryId = await openQuery(monitor, visitId, medico);
    await respond(medico, queryId);
    const closing = await call(closeRoute, {
      method: "POST",
      headers: monitor.headers,
      params: { id: String(queryId) },
      body: { text: "Accepted" },
    });
    expect(closing.status).toBe(200);
    const afterClose = (await rowsOf(queryId)).length;
    const reopening = await call(reopenRoute, {
      method: "POST",
      headers: monitor.headers,
      params: { id: String(queryId) },
      body: { text: "Not resolved" },
    });
    expect(reopening.status).toBe(200);
    const rows = await rowsOf(queryId);
    expect(rows).toHaveLength(afterClose + 1);
    expect(rows.at(-1)).toMatchObject({ userId: medico.userId, kind: "query_assigned" });
    expect(rows.filter((r) => r.userId === medico.userId && r.kind === "query_assigned")).toHaveLength(2);
  });

  it("tells no one taken off the study team since the query was assigned", async () => {
    const leaver = await memberOf(studyId, "data_manager");
    const { visitId } = await visitOf();
    const queryId = await openQuery(monitor, visitId, leaver);
    expect((await rowsOf(queryId)).map((r) => r.userId)).toEqual([leaver.userId]);
    const db = await getDb();
    await db.delete(userStudyRoles).where(eq(userStudyRoles.userId, leaver.userId));
    await respond(medico, queryId);
    expect((await rowsOf(queryId)).filter((r) => r.kind === "query_answered").map((r) => r.userId)).toEqual([
      monitor.userId,
    ]);
    // And what they were told before is no longer in their inbox.
    expect((await inbox(leaver)).items.map((i) => i.query_id)).not.toContain(queryId);
  });
});

describe("the inbox", () => {
  it("is the reader's own, newest first, keyset paged, filtered to the unread", async () => {
    const reader = await memberOf(studyId, "data_manager");
    const { visitId } = await visitOf();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await openQuery(monitor, visitId, reader));
    const first = await inbox(reader, "page_size=2");
    expect(first.items.map((i) => i.query_id)).toEqual([ids[2], ids[1]]);
    expect(first.unread).toBe(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await inbox(reader, `page_size=2&cursor=${first.next_cursor}`);
    expect(second.items.map((i) => i.query_id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();

    expect((await read(reader, first.items[0]!.id as number)).json).toEqual({ marked: 1, unread: 2 });
    const unread = await inbox(reader, "unread_only=true");
    expect(unread.items.map((i) => i.query_id)).toEqual([ids[1], ids[0]]);
    expect(unread.unread).toBe(2);
    const all = await inbox(reader);
    expect(all.items[0]!.read_at).toEqual(expect.any(String));

    // A bad cursor or filter is a 422, never a 500.
    const bad = await call(inboxRoute, { headers: reader.headers, path: "/api/notifications?cursor=xyz" });
    expect(bad.status).toBe(422);
    const badFilter = await call(inboxRoute, {
      headers: reader.headers,
      path: "/api/notifications?unread_only=maybe",
    });
    expect(badFilter.status).toBe(422);
  });

  it("answers another user's notification with a 404, audited as a denial, and leaves it unread", async () => {
    const { visitId } = await visitOf();
    const queryId = await openQuery(monitor, visitId, medico);
    const [row] = await rowsOf(queryId);
    const res = await read(otherMedico, row!.id);
    expect(res.status).toBe(404);
    const [after] = await rowsOf(queryId);
    expect(after!.readAt).toBeNull();
    const missing = await read(otherMedico, 2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual(res.json);
    const { flushDenials } = await import("@/lib/server/audit/denial-aggregator");
    const db = await getDb();
    await flushDenials(db);
    const denials = await db.select().from(auditLogs).where(eq(auditLogs.userId, otherMedico.userId));
    expect(denials.some((d) => d.action === "access_denied" && d.entityType === "notification")).toBe(true);
  });

  it("marks one read, audited; reading it again changes nothing and writes no row", async () => {
    const { visitId } = await visitOf();
    const queryId = await openQuery(monitor, visitId, medico);
    const [row] = await rowsOf(queryId);
    const res = await read(medico, row!.id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.marked).toBe(1);
    const [after] = await rowsOf(queryId);
    expect(after!.readAt).toBeInstanceOf(Date);
    const audits = await auditRowsFor("notification", row!.id);
    expect(audits.map((a) => [a.action, a.userId, a.studyId])).toEqual([["update", medico.userId, studyId]]);
    expect(audits[0]!.oldValues).toEqual({ read_at: null });
    expect(audits[0]!.newValues).toEqual({ read_at: after!.readAt!.toISOString() });

    const again = await read(medico, row!.id);
    expect(again.status).toBe(200);
    expect(again.json.marked).toBe(0);
    expect(await auditRowsFor("notification", row!.id)).toHaveLength(1);
  });

  it("marks all read, audited once for the study, and leaves other users' notifications alone", async () => {
    const { visitId } = await visitOf();
    const a = await openQuery(monitor, visitId, medico);
    const b = await openQuery(monitor, visitId, medico);
    await openQuery(monitor, visitId, dataManager);
    const dmBefore = (await inbox(dataManager)).unread;
    expect((await inbox(medico)).unread).toBeGreaterThanOrEqual(2);

    const res = await call(readAllRoute, { method: "POST", headers: medico.headers });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.unread).toBe(0);
    expect(res.json.marked).toBeGreaterThanOrEqual(2);
    expect((await inbox(medico)).unread).toBe(0);
    expect((await inbox(dataManager)).unread).toBe(dmBefore);

    const ids = [...(await rowsOf(a)), ...(await rowsOf(b))].map((r) => r.id);
    const db = await getDb();
    const rows = (await db.select().from(auditLogs).where(eq(auditLogs.userId, medico.userId))).filter(
      (r) => r.entityType === "notification" && r.entityId === null,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "update", studyId });
    const marked = (rows[0]!.newValues as { notification_ids: number[] }).notification_ids;
    for (const id of ids) expect(marked).toContain(id);

    // Nothing left: read-all again marks nothing and writes no row.
    const again = await call(readAllRoute, { method: "POST", headers: medico.headers });
    expect(again.json).toEqual({ marked: 0, unread: 0 });
  });

  it("never lists a notification about a patient outside the reader's scope, nor counts or marks it", async () => {
    // Assigned to a sub-investigator of group B about a group-A patient: written (they are on the
    // team) but outside their scope, so never shown, counted or marked read.
    const { visitId, code } = await visitOf();
    const queryId = await openQuery(monitor, visitId, subB);
    const [row] = await rowsOf(queryId);
    expect(row).toMatchObject({ userId: subB.userId, kind: "query_assigned" });
    const theirs = await inbox(subB);
    expect(theirs.items.map((i) => i.query_id)).not.toContain(queryId);
    expect(JSON.stringify(theirs)).not.toContain(code);
    expect(theirs.unread).toBe(0);
    expect((await read(subB, row!.id)).status).toBe(404);
    await call(readAllRoute, { method: "POST", headers: subB.headers });
    expect((await rowsOf(queryId))[0]!.readAt).toBeNull();

    // The same for the sub-investigator of group A: in scope, listed.
    const inScope = await openQuery(monitor, visitId, subA);
    expect((await inbox(subA)).items[0]).toMatchObject({ query_id: inScope, patient_code: code });

    // Another medico's patient: the medico assigned to it sees nothing of it.
    const { visitId: foreign } = await visitOf(medico);
    const hidden = await openQuery(monitor, foreign, otherMedico);
    expect((await inbox(otherMedico)).items.map((i) => i.query_id)).not.toContain(hidden);
  });

  it("needs a session", async () => {
    expect((await call(inboxRoute, {})).status).toBe(401);
    expect((await call(readAllRoute, { method: "POST" })).status).toBe(401);
  });
});
