import { beforeAll, describe, expect, it } from "vitest";
import { GET as usage } from "@/app/api/studies/[id]/field-usage/route";
import { GET as getStudyRoute } from "@/app/api/studies/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { auditRowsFor, call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let admin: Caller;
let studyId: number;
let otherStudyId: number;

async function patient(code: string, extra: Record<string, unknown> = {}) {
  const res = await call(createPatient, {
    method: "POST",
    headers: admin.headers,
    body: patientBody(studyId, code, extra),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

const get = (caller: Caller, id = studyId) =>
  call(usage, {
    path: `/api/studies/${id}/field-usage`,
    headers: caller.headers,
    params: { id: String(id) },
  });

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  otherStudyId = (await createStudy(admin)).id;
  const first = await patient("U-1");
  await patient("U-2");
  const res = await call(createVisit, {
    method: "POST",
    headers: admin.headers,
    body: {
      patient_id: first.id,
      visit_number: 1,
      visit_date: "2024-01-01",
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", pasi_score: 12, adverse_event: false },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
});

describe("GET /api/studies/{id}/field-usage", () => {
  it("counts the live records holding a value per field name, per entity (fields without values are absent)", async () => {
    const res = await get(admin);
    expect(res.status).toBe(200);
    const body = res.json as { patient: Record<string, number>; visit: Record<string, number> };
    expect(body.patient.psoriasis_onset).toBe(2);
    expect(body.patient.psoriasis_phenotypes).toBe(2);
    expect(body.visit.pasi_score).toBe(1);
    expect(body.visit.adverse_event).toBe(1);
    expect(body.visit.dlqi_score).toBeUndefined();
    const other = await get(admin, otherStudyId);
    expect(other.json).toEqual({ patient: {}, visit: {} });
  });

  it("is for those who configure the study: 403 for a reader, 404 outside the study", async () => {
    const monitor = await memberOf(studyId, "study_monitor");
    expect((await get(monitor)).status).toBe(403);
    const stranger = await callerFor();
    expect((await get(stranger)).status).toBe(404);
    const dataManager = await memberOf(studyId, "data_manager");
    expect((await get(dataManager)).status).toBe(200);
  });

  it("answers 404 for a study that does not exist, as GET /api/studies/{id} does, even for a platform admin", async () => {
    const missing = 999999;
    const res = await get(admin, missing);
    const study = await call(getStudyRoute, {
      path: `/api/studies/${missing}`,
      headers: admin.headers,
      params: { id: String(missing) },
    });
    expect(study.status).toBe(404);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(study.json);
    // Audited the same way: a study that does not exist hides nothing, so neither call is a denial.
    expect(await auditRowsFor("study", missing)).toEqual([]);
  });
});
