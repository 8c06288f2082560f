/**
 * Data queries (docs/decisions/0030) on PostgreSQL and PGlite alike: the full lifecycle (open →
 * answered → closed, reopened), who may take each step, the clinical scope (a medico's own patients,
 * a sub-investigator's group), a correction that points at its query, the refusals (404, 403, 409,
 * 422), the list's filters and keyset pages, and an audit row for every step.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as updatePatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as closeRoute } from "@/app/api/queries/[id]/close/route";
import { POST as reopenRoute } from "@/app/api/queries/[id]/reopen/route";
import { POST as respondRoute } from "@/app/api/queries/[id]/responses/route";
import { GET as getRoute } from "@/app/api/queries/[id]/route";
import { GET as listRoute, POST as openRoute } from "@/app/api/queries/route";
import { GET as dashboardRoute } from "@/app/api/reports/dashboard/route";
import { PUT as updateVisit } from "@/app/api/visits/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { auditRowsFor, call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

type Json = Record<string, unknown>;

let studyId: number;
let monitor: Caller;
let dataManager: Caller;
let pi: Caller;
let medico: Caller;
let otherMedico: Caller;
let subA: Caller;
let subB: Caller;
let readOnly: Caller;
let groupA: number;
let groupB: number;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  groupA = (await createGroup(studyId, "QA")).id;
  groupB = (await createGroup(studyId, "QB")).id;
  monitor = await memberOf(studyId, "study_monitor");
  dataManager = await memberOf(studyId, "data_manager");
  pi = await memberOf(studyId, "principal_investigator");
  medico = await memberOf(studyId, "medico");
  otherMedico = await memberOf(studyId, "medico");
  subA = await memberOf(studyId, "sub_investigator", groupA);
  subB = await memberOf(studyId, "sub_investigator", groupB);
  readOnly = await memberOf(studyId, "read_only");
});

let seq = 0;

/** A patient of group A entered by the medico, with a baseline visit of PASI 20. */
async function patientWithVisit(): Promise<{ patientId: number; visitId: number; visitVersion: number }> {
  const patient = await call(createPatient, {
    method: "POST",
    headers: medico.headers,
    body: patientBody(studyId, `QRY-${++seq}`, { medical_group_id: groupA }),
  });
  expect(patient.status, JSON.stringify(patient.json)).toBe(201);
  const patientId = patient.json.id as number;
  const visit = await call(createVisit, {
    method: "POST",
    headers: medico.headers,
    body: {
      patient_id: patientId,
      visit_number: 1,
      visit_date: "2024-01-10",
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
    },
  });
  expect(visit.status, JSON.stringify(visit.json)).toBe(201);
  return { patientId, visitId: visit.json.id as number, visitVersion: visit.json.version as number };
}

const open = (caller: Caller, body: Json) =>
  call(openRoute, { method: "POST", headers: caller.headers, body: { study_id: studyId, ...body } });
const get = (caller: Caller, id: number) =>
  call(getRoute, { headers: caller.headers, params: { id: String(id) } });
const respond = (caller: Caller, id: number, body: Json) =>
  call(respondRoute, { method: "POST", headers: caller.headers, params: { id: String(id) }, body });
const close = (caller: Caller, id: number, text = "Accepted") =>
  call(closeRoute, { method: "POST", headers: caller.headers, params: { id: String(id) }, body: { text } });
const reopen = (caller: Caller, id: number, text = "Not resolved") =>
  call(reopenRoute, { method: "POST", headers: caller.headers, params: { id: String(id) }, body: { text } });
const list = (caller: Caller, query: string) =>
  call(listRoute, { headers: caller.headers, path: `/api/queries?study_id=${studyId}&${query}` });

async function openOnPasi(visitId: number, caller = monitor, extra: Json = {}) {
  const res = await open(caller, {
    entity_type: "visit",
    entity_id: visitId,
    field: "pasi_score",
    text: "PASI 20 at baseline: please check against the source",
    ...extra,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

describe("the query lifecycle", () => {
  it("opens, is answered after a correction that points at it, is closed, reopened, answered again and closed; every step audited", async () => {
    const { visitId, visitVersion } = await patientWithVisit();
    const opened = await openOnPasi(visitId, monitor, { assignee_id: medico.userId });
    const id = opened.id as number;
    expect(opened).toMatchObject({
      study_id: studyId,
      entity_type: "visit",
      entity_id: visitId,
      visit_id: visitId,
      visit_number: 1,
      visit_type: "baseline",
      field: "pasi_score",
      status: "open",
      assignee_id: medico.userId,
      opened_by: monitor.userId,
      closed_at: null,
      days_open: 0,
    });
    expect((opened.steps as Json[]).map((s) => [s.kind, s.text])).toEqual([
      ["open", "PASI 20 at baseline: please check against the source"],
    ]);

    // The site corrects the value, naming the query: the correction's audit row points at it.
    const corrected = await call(updateVisit, {
      method: "PUT",
      headers: medico.headers,
      params: { id: String(visitId) },
      body: {
        version: visitVersion,
        reason: "Transcription error",
        data_fields: { pasi_score: 18 },
        query_id: id,
      },
    });
    expect(corrected.status, JSON.stringify(corrected.json)).toBe(200);
    const visitUpdate = (await auditRowsFor("visit", visitId))
      .filter((row) => row.action === "update")
      .at(-1)!;
    expect(visitUpdate.newValues).toMatchObject({ data_fields: { pasi_score: 18 }, corrects_query: id });

    const answered = await respond(medico, id, {
      category: "typing_error",
      text: "Typed 20 for 18; corrected",
    });
    expect(answered.status, JSON.stringify(answered.json)).toBe(200);
    expect(answered.json.status).toBe("answered");

    const closed = await close(monitor, id, "Matches the source now");
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    expect(closed.json.status).toBe("closed");
    expect(closed.json.closed_at).toEqual(expect.any(String));

    const reopened = await reopen(dataManager, id, "The week 4 PASI disagrees too");
    expect(reopened.json).toMatchObject({ status: "open", closed_at: null });
    expect(
      (await respond(pi, id, { category: "confirmed_correct", text: "Week 4 is right" })).json.status,
    ).toBe("answered");
    expect((await close(pi, id, "Fine")).json.status).toBe("closed");

    const thread = (await get(monitor, id)).json.steps as Json[];
    expect(thread.map((s) => [s.kind, s.category, s.user_id])).toEqual([
      ["open", null, monitor.userId],
      ["response", "typing_error", medico.userId],
      ["close", null, monitor.userId],
      ["reopen", null, dataManager.userId],
      ["response", "confirmed_correct", pi.userId],
      ["close", null, pi.userId],
    ]);
    const trail = await auditRowsFor("query", id);
    expect(trail.map((row) => [row.action, (row.newValues as Json).status, row.userId])).toEqual([
      ["create", "open", monitor.userId],
      ["update", "answered", medico.userId],
      ["update", "closed", monitor.userId],
      ["update", "open", dataManager.userId],
      ["update", "answered", pi.userId],
      ["update", "closed", pi.userId],
    ]);
    expect(trail[1]!.oldValues).toEqual({ status: "open" });
  });

  it("refuses a step its status does not allow (409) and never loses the thread", async () => {
    const { visitId } = await patientWithVisit();
    const id = (await openOnPasi(visitId)).id as number;
    expect((await reopen(monitor, id)).status).toBe(409);
    expect((await close(monitor, id)).status).toBe(200);
    const again = await close(monitor, id);
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe("The query is already closed");
    const late = await respond(medico, id, { category: "other", text: "Too late" });
    expect(late.status).toBe(409);
    expect(late.json.detail).toBe("A closed query cannot be answered: it must be reopened first");
    expect(((await get(monitor, id)).json.steps as Json[]).map((s) => s.kind)).toEqual(["open", "close"]);
  });

  it("queries a visit as a whole, or a patient's field; a patient query names its field", async () => {
    const { patientId, visitId } = await patientWithVisit();
    const whole = await open(monitor, {
      entity_type: "visit",
      entity_id: visitId,
      text: "Visit date looks wrong",
    });
    expect(whole.status).toBe(201);
    expect(whole.json.field).toBeNull();
    const onPatient = await open(monitor, {
      entity_type: "patient",
      entity_id: patientId,
      field: "psoriasis_onset",
      text: "Onset before birth?",
    });
    expect(onPatient.status, JSON.stringify(onPatient.json)).toBe(201);
    expect(onPatient.json).toMatchObject({ entity_type: "patient", entity_id: patientId, visit_id: null });
    const noField = await open(monitor, { entity_type: "patient", entity_id: patientId, text: "Which?" });
    expect(noField.status).toBe(422);
  });

  it("answers 422 for an unknown field, an assignee outside the team, an empty text, a bad category", async () => {
    const { visitId } = await patientWithVisit();
    const unknown = await open(monitor, {
      entity_type: "visit",
      entity_id: visitId,
      field: "nope",
      text: "x",
    });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.json)).toContain("nope is not a field of this record");
    const outsider = await callerFor();
    const assignee = await open(monitor, {
      entity_type: "visit",
      entity_id: visitId,
      text: "x",
      assignee_id: outsider.userId,
    });
    expect(assignee.status).toBe(422);
    expect((await open(monitor, { entity_type: "visit", entity_id: visitId, text: "   " })).status).toBe(422);
    const id = (await openOnPasi(visitId)).id as number;
    expect((await respond(medico, id, { category: "maybe", text: "x" })).status).toBe(422);
  });
});

describe("who may take each step, within the clinical scope", () => {
  it("the reviewer's roles open and close; the site's answer; read-only users only read", async () => {
    const { visitId } = await patientWithVisit();
    const body = { entity_type: "visit", entity_id: visitId, field: "pasi_score", text: "Check" };
    for (const reviewer of [monitor, dataManager, pi]) expect((await open(reviewer, body)).status).toBe(201);
    for (const site of [medico, subA, readOnly]) {
      const refused = await open(site, body);
      expect(refused.status).toBe(403);
    }
    const id = (await openOnPasi(visitId)).id as number;
    expect((await respond(monitor, id, { category: "other", text: "I am not the site" })).status).toBe(403);
    expect((await respond(readOnly, id, { category: "other", text: "x" })).status).toBe(403);
    expect((await respond(subA, id, { category: "other", text: "Seen" })).status).toBe(200);
    expect((await close(medico, id)).status).toBe(403);
    expect((await get(readOnly, id)).status).toBe(200);
  });

  it("a medico sees the queries of their own patients only; a sub-investigator those of their group (404 otherwise)", async () => {
    const { visitId } = await patientWithVisit();
    const id = (await openOnPasi(visitId)).id as number;
    expect((await get(medico, id)).status).toBe(200);
    expect((await get(subA, id)).status).toBe(200);
    expect((await get(otherMedico, id)).status).toBe(404);
    expect((await get(subB, id)).status).toBe(404);
    expect((await respond(otherMedico, id, { category: "other", text: "x" })).status).toBe(404);
    const seenByOther = (await list(otherMedico, "page_size=100")).json.items as Json[];
    expect(seenByOther.map((q) => q.id)).not.toContain(id);
    const seenByOwner = (await list(medico, "page_size=100")).json.items as Json[];
    expect(seenByOwner.map((q) => q.id)).toContain(id);
    // Opening on a visit outside the opener's scope is the same 404.
    const outside = await open(subB, { entity_type: "visit", entity_id: visitId, text: "x" });
    expect(outside.status).toBe(404);
  });
});

describe("the Queries list", () => {
  it("filters by status, patient, visit type, field and assignee, and pages by cursor exactly as one long page", async () => {
    const { patientId, visitId } = await patientWithVisit();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await openOnPasi(visitId, monitor, { assignee_id: subA.userId })).id as number);
    await close(monitor, ids[0]!);
    const byPatient = (await list(monitor, `patient_id=${patientId}&page_size=100`)).json.items as Json[];
    expect(byPatient.map((q) => q.id)).toEqual([...ids].reverse());
    const open_ = (await list(monitor, `patient_id=${patientId}&status=open`)).json.items as Json[];
    expect(open_.map((q) => q.id)).toEqual(ids.slice(1).reverse());
    expect(
      ((await list(monitor, `patient_id=${patientId}&field=dlqi_score`)).json.items as Json[]).length,
    ).toBe(0);
    expect(
      (
        (await list(monitor, `patient_id=${patientId}&visit_type=baseline&assignee_id=${subA.userId}`)).json
          .items as Json[]
      ).length,
    ).toBe(5);
    expect(
      ((await list(monitor, `patient_id=${patientId}&min_days_open=1`)).json.items as Json[]).length,
    ).toBe(0);

    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(
        monitor,
        `patient_id=${patientId}&order=asc&page_size=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      walked.push(...(res.json.items as Json[]).map((q) => q.id as number));
      cursor = res.json.next_cursor as string | null;
    } while (cursor);
    expect(walked).toEqual(ids);
    // A cursor of another order, or garbage, is a 422, never a 500.
    const first = await list(monitor, `patient_id=${patientId}&order=asc&page_size=2`);
    expect(
      (await list(monitor, `patient_id=${patientId}&order=desc&cursor=${String(first.json.next_cursor)}`))
        .status,
    ).toBe(422);
    expect((await list(monitor, "cursor=garbage")).status).toBe(422);
  });
});

describe("a correction naming a query", () => {
  it("must name an open query of the same record (422 otherwise)", async () => {
    const { patientId, visitId, visitVersion } = await patientWithVisit();
    const other = await patientWithVisit();
    const foreign = (await openOnPasi(other.visitId)).id as number;
    const wrong = await call(updateVisit, {
      method: "PUT",
      headers: medico.headers,
      params: { id: String(visitId) },
      body: { version: visitVersion, reason: "Fix", data_fields: { pasi_score: 19 }, query_id: foreign },
    });
    expect(wrong.status).toBe(422);
    const onPatient = await open(monitor, {
      entity_type: "patient",
      entity_id: patientId,
      field: "weight_kg",
      text: "Weight?",
    });
    const fixed = await call(updatePatient, {
      method: "PUT",
      headers: medico.headers,
      params: { id: String(patientId) },
      body: { version: 1, reason: "Weighed again", weight_kg: 70, query_id: onPatient.json.id },
    });
    expect(fixed.status, JSON.stringify(fixed.json)).toBe(200);
    const row = (await auditRowsFor("patient", patientId)).filter((r) => r.action === "update").at(-1)!;
    expect(row.newValues).toMatchObject({ weight_kg: 70, corrects_query: onPatient.json.id });
  });
});

describe("the dashboard's counts", () => {
  it("count the queries by status in the caller's scope", async () => {
    const counts = async (caller: Caller) =>
      (
        await call(dashboardRoute, {
          headers: caller.headers,
          path: `/api/reports/dashboard?study_id=${studyId}`,
        })
      ).json.queries as { open: number; answered: number; closed: number };
    const [monitorBefore, ownerBefore, otherBefore] = await Promise.all([
      counts(monitor),
      counts(medico),
      counts(otherMedico),
    ]);
    const { visitId } = await patientWithVisit();
    const first = (await openOnPasi(visitId)).id as number;
    const second = (await openOnPasi(visitId)).id as number;
    await respond(medico, first, { category: "confirmed_correct", text: "As in the chart" });
    await close(monitor, second);
    const step = { open: 0, answered: 1, closed: 1 };
    const plus = (before: typeof step) => ({
      open: before.open + step.open,
      answered: before.answered + step.answered,
      closed: before.closed + step.closed,
    });
    expect(await counts(monitor)).toEqual(plus(monitorBefore));
    expect(await counts(medico)).toEqual(plus(ownerBefore));
    expect(await counts(otherMedico)).toEqual(otherBefore);
  });
});
