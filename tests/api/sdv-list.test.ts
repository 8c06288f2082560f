/**
 * The SDV page's list, GET /api/sdv (docs/decisions/0031), on PostgreSQL and PGlite alike: the
 * study's live visits by patient and visit number, keyset pages that add up to the one long list,
 * the filters, each row's progress (verified / required) under the "key" and "all" requirements
 * and none under "none", the clinical scope, and the refusals (404 outside the study, 422 for a
 * bad cursor or term).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { POST as createPatient } from "@/app/api/patients/route";
import { GET as listRoute } from "@/app/api/sdv/route";
import { POST as completeVisitRoute } from "@/app/api/visits/[id]/complete/route";
import { POST as verifyVisitRoute } from "@/app/api/visits/[id]/verify/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { VERIFIABLE_RECORD_COLUMNS } from "@/lib/schemas/data-review";
import { call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

type Json = Record<string, unknown>;
type Row = {
  visit_id: number;
  patient_id: number;
  patient_code: string;
  medical_group_id: number | null;
  visit_number: number;
  visit_type: string;
  form_status: string;
  verified: number;
  required: number;
};

const KEY_FIELDS = ["pasi_score", "adverse_event"];
const withRequirement = (requirement: "key" | "all") => ({
  ...DEMO_STUDY_CONFIG,
  sdv_requirement: requirement,
  data_fields: (DEMO_STUDY_CONFIG.data_fields ?? []).map((field) =>
    field.entity === "visit" && KEY_FIELDS.includes(field.name) ? { ...field, sdv_required: true } : field,
  ),
});
const TYPES = ["baseline", "week_4", "week_12"];
/** The answers every visit is entered with: three study fields. */
const ANSWERS = { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false };

let admin: Caller;
let keyStudy: number;
let monitor: Caller;
let medico: Caller;
let otherMedico: Caller;
let subB: Caller;
let outsider: Caller;
let groupA: number;
let groupB: number;
let seq = 0;

async function patientWithVisits(studyId: number, by: Caller, visits: number, groupId?: number) {
  const patient = await call(createPatient, {
    method: "POST",
    headers: by.headers,
    body: patientBody(studyId, `SDV-${++seq}`, groupId ? { medical_group_id: groupId } : {}),
  });
  expect(patient.status, JSON.stringify(patient.json)).toBe(201);
  const ids: number[] = [];
  for (let n = 1; n <= visits; n++) {
    const visit = await call(createVisit, {
      method: "POST",
      headers: by.headers,
      body: {
        patient_id: patient.json.id,
        visit_number: n,
        visit_date: `2024-0${n}-10`,
        visit_type: TYPES[(n - 1) % TYPES.length],
        data_fields: ANSWERS,
      },
    });
    expect(visit.status, JSON.stringify(visit.json)).toBe(201);
    ids.push(visit.json.id as number);
  }
  return { patientId: patient.json.id as number, visitIds: ids };
}

const list = (caller: Caller, studyId: number, query = "") =>
  call(listRoute, { headers: caller.headers, path: `/api/sdv?study_id=${studyId}&${query}` });

async function items(caller: Caller, studyId: number, query = ""): Promise<Row[]> {
  const res = await list(caller, studyId, `page_size=100&${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.items as Row[];
}

const verify = (caller: Caller, id: number, fields: string[] | "all") =>
  call(verifyVisitRoute, {
    method: "POST",
    headers: caller.headers,
    params: { id: String(id) },
    body: { fields },
  });

let ownPatients: { patientId: number; visitIds: number[] }[];
let otherPatient: { patientId: number; visitIds: number[] };

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  keyStudy = (await createStudy(admin, withRequirement("key"))).id;
  groupA = (await createGroup(keyStudy, "SA")).id;
  groupB = (await createGroup(keyStudy, "SB")).id;
  monitor = await memberOf(keyStudy, "study_monitor");
  medico = await memberOf(keyStudy, "medico");
  otherMedico = await memberOf(keyStudy, "medico");
  subB = await memberOf(keyStudy, "sub_investigator", groupB);
  outsider = await callerFor();
  ownPatients = [];
  for (let i = 0; i < 4; i++) ownPatients.push(await patientWithVisits(keyStudy, medico, 3, groupA));
  otherPatient = await patientWithVisits(keyStudy, otherMedico, 2, groupB);
});

describe("GET /api/sdv: order and keyset pages", () => {
  it("lists the study's live visits by patient, then visit number, each with its own facts", async () => {
    const rows = await items(monitor, keyStudy);
    expect(rows).toHaveLength(14);
    const keys = rows.map((r) => [r.patient_id, r.visit_number] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
    const first = rows[0]!;
    expect(first).toMatchObject({
      patient_id: ownPatients[0]!.patientId,
      visit_id: ownPatients[0]!.visitIds[0],
      visit_number: 1,
      visit_type: "baseline",
      visit_date: "2024-01-10",
      medical_group_id: groupA,
      form_status: "in_progress",
      completed_at: null,
    });
    expect(first.patient_code).toMatch(/^SDV-/);
    expect(typeof (first as Json).version).toBe("number");
  });

  it("walks pages of 4 to exactly the one long list: no duplicate, no gap", async () => {
    const whole = (await items(monitor, keyStudy)).map((r) => r.visit_id);
    const walked: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(monitor, keyStudy, `page_size=4${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const page = res.json.items as Row[];
      expect(page.length).toBeLessThanOrEqual(4);
      walked.push(...page.map((r) => r.visit_id));
      cursor = res.json.next_cursor as string | null;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(walked).toEqual(whole);
    // A page that ends exactly at the last row says there is nothing more.
    const exact = await list(monitor, keyStudy, "page_size=14");
    expect(exact.json.next_cursor).toBeNull();
  });

  it("pages a filtered list too, the filter kept on every page", async () => {
    const whole = (await items(monitor, keyStudy, "visit_type=week_4")).map((r) => r.visit_id);
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(
        monitor,
        keyStudy,
        `visit_type=week_4&page_size=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      walked.push(...(res.json.items as Row[]).map((r) => r.visit_id));
      cursor = res.json.next_cursor as string | null;
    } while (cursor);
    expect(walked).toEqual(whole);
    expect(whole).toHaveLength(5);
  });

  it("answers 422 for a cursor that is not one of its own, a bad form status or page size", async () => {
    expect((await list(monitor, keyStudy, "cursor=garbage")).status).toBe(422);
    const foreign = Buffer.from(
      JSON.stringify({ t: { list: "queries", order: "asc" }, k: "1", i: 1 }),
    ).toString("base64url");
    expect((await list(monitor, keyStudy, `cursor=${foreign}`)).status).toBe(422);
    const badKey = Buffer.from(JSON.stringify({ t: { list: "sdv" }, k: "x1", i: 1 })).toString("base64url");
    expect((await list(monitor, keyStudy, `cursor=${badKey}`)).status).toBe(422);
    expect((await list(monitor, keyStudy, "form_status=done")).status).toBe(422);
    expect((await list(monitor, keyStudy, "page_size=101")).status).toBe(422);
    expect((await list(monitor, keyStudy, "page_size=0")).status).toBe(422);
  });
});

describe("GET /api/sdv: filters", () => {
  it("filters by visit type, medical group and patient", async () => {
    const week4 = await items(monitor, keyStudy, "visit_type=week_4");
    expect(week4.every((r) => r.visit_type === "week_4")).toBe(true);
    expect(week4).toHaveLength(5);
    const groupRows = await items(monitor, keyStudy, `medical_group_id=${groupB}`);
    expect(groupRows.map((r) => r.visit_id)).toEqual(otherPatient.visitIds);
    const patientRows = await items(monitor, keyStudy, `patient_id=${ownPatients[2]!.patientId}`);
    expect(patientRows.map((r) => r.visit_id)).toEqual(ownPatients[2]!.visitIds);
    expect(await items(monitor, keyStudy, `medical_group_id=${groupB}&visit_type=week_12`)).toEqual([]);
  });

  it("filters by form status, which follows completion and verification", async () => {
    const [visitId] = ownPatients[3]!.visitIds;
    const done = await call(completeVisitRoute, {
      method: "POST",
      headers: medico.headers,
      params: { id: String(visitId) },
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect((await items(monitor, keyStudy, "form_status=complete")).map((r) => r.visit_id)).toEqual([
      visitId,
    ]);
    expect((await verify(monitor, visitId!, "all")).status).toBe(200);
    expect(await items(monitor, keyStudy, "form_status=complete")).toEqual([]);
    const verified = await items(monitor, keyStudy, "form_status=verified");
    expect(verified.map((r) => [r.visit_id, r.verified, r.required])).toEqual([[visitId, 2, 2]]);
    const inProgress = await items(monitor, keyStudy, "form_status=in_progress");
    expect(inProgress).toHaveLength(13);
    expect(inProgress.every((r) => r.form_status === "in_progress")).toBe(true);
  });
});

describe("GET /api/sdv: progress under the study's requirement", () => {
  it('"key": the flagged fields that hold an answer; verifying one counts it', async () => {
    const visitId = ownPatients[1]!.visitIds[1]!;
    const row = async () => (await items(monitor, keyStudy)).find((r) => r.visit_id === visitId)!;
    expect(await row()).toMatchObject({ verified: 0, required: 2 });
    // A verified field that is not required does not count.
    expect((await verify(monitor, visitId, ["visit_date", "current_therapy"])).status).toBe(200);
    expect(await row()).toMatchObject({ verified: 0, required: 2 });
    expect((await verify(monitor, visitId, ["pasi_score"])).status).toBe(200);
    expect(await row()).toMatchObject({ verified: 1, required: 2 });
    const res = await list(monitor, keyStudy, `patient_id=${ownPatients[1]!.patientId}`);
    expect(res.json.sdv_requirement).toBe("key");
  });

  it('"all": the visit\'s own columns and every answered field', async () => {
    const allStudy = (await createStudy(admin, withRequirement("all"))).id;
    const allMonitor = await memberOf(allStudy, "study_monitor");
    const allMedico = await memberOf(allStudy, "medico");
    const { visitIds } = await patientWithVisits(allStudy, allMedico, 1);
    const required = VERIFIABLE_RECORD_COLUMNS.visit.length + Object.keys(ANSWERS).length;
    const before = await items(allMonitor, allStudy);
    expect(before.map((r) => [r.verified, r.required])).toEqual([[0, required]]);
    expect((await verify(allMonitor, visitIds[0]!, ["visit_date", "pasi_score"])).status).toBe(200);
    const after = await items(allMonitor, allStudy);
    expect(after.map((r) => [r.verified, r.required])).toEqual([[2, required]]);
    expect((await verify(allMonitor, visitIds[0]!, "all")).status).toBe(200);
    expect((await items(allMonitor, allStudy)).map((r) => [r.verified, r.required])).toEqual([
      [required, required],
    ]);
  });

  it('"none": every row requires nothing, and the answer says so', async () => {
    const noneStudy = (await createStudy(admin)).id;
    const noneMonitor = await memberOf(noneStudy, "study_monitor");
    const noneMedico = await memberOf(noneStudy, "medico");
    await patientWithVisits(noneStudy, noneMedico, 2);
    const res = await list(noneMonitor, noneStudy);
    expect(res.json.sdv_requirement).toBe("none");
    expect((res.json.items as Row[]).map((r) => [r.verified, r.required])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});

describe("GET /api/sdv: the clinical scope", () => {
  it("a medico sees their own patients' visits; a sub-investigator their group's", async () => {
    const own = await items(medico, keyStudy);
    expect(new Set(own.map((r) => r.patient_id))).toEqual(new Set(ownPatients.map((p) => p.patientId)));
    expect(own).toHaveLength(12);
    expect((await items(otherMedico, keyStudy)).map((r) => r.visit_id)).toEqual(otherPatient.visitIds);
    expect((await items(subB, keyStudy)).map((r) => r.visit_id)).toEqual(otherPatient.visitIds);
    // A filter never widens the scope.
    expect(await items(otherMedico, keyStudy, `patient_id=${ownPatients[0]!.patientId}`)).toEqual([]);
    expect(await items(subB, keyStudy, `medical_group_id=${groupA}`)).toEqual([]);
  });

  it("a medico's pages walk their own rows only", async () => {
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(medico, keyStudy, `page_size=5${cursor ? `&cursor=${cursor}` : ""}`);
      walked.push(...(res.json.items as Row[]).map((r) => r.visit_id));
      cursor = res.json.next_cursor as string | null;
    } while (cursor);
    expect(walked).toEqual(ownPatients.flatMap((p) => p.visitIds));
  });

  it("someone without a role in the study gets its 404; no session is 401", async () => {
    expect((await list(outsider, keyStudy)).status).toBe(404);
    expect((await list(monitor, 2_000_000_000)).status).toBe(404);
    const anonymous = await call(listRoute, { path: `/api/sdv?study_id=${keyStudy}` });
    expect(anonymous.status).toBe(401);
    expect((await call(listRoute, { headers: monitor.headers, path: "/api/sdv" })).status).toBe(422);
  });
});
