import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as removePatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { GET as dashboard } from "@/app/api/reports/dashboard/route";
import { GET as outcomes } from "@/app/api/reports/therapy-outcomes/route";
import { DELETE as removeVisit } from "@/app/api/visits/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let studyId: number;
let pi: Caller;
let medico: Caller;
let seq = 0;

async function patient(caller: Caller, sex: "M" | "F") {
  const res = await call(createPatient, {
    method: "POST",
    headers: caller.headers,
    body: patientBody(studyId, `R-${++seq}`, { sex }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

async function visit(
  caller: Caller,
  patientId: number,
  n: number,
  type: string,
  data: Record<string, unknown>,
) {
  const res = await call(createVisit, {
    method: "POST",
    headers: caller.headers,
    body: {
      patient_id: patientId,
      visit_number: n,
      visit_date: `2024-0${n}-15`,
      visit_type: type,
      data_fields: { current_therapy: "adalimumab", adverse_event: false, ...data },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

const report = (caller: Caller, handler: typeof dashboard, id = studyId) =>
  call(handler, { headers: caller.headers, path: `/api/reports/x?study_id=${id}` });

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  pi = await memberOf(studyId, "principal_investigator");
  medico = await memberOf(studyId, "medico");

  // PI's patient: PASI 20 → 4 (PASI75), then a switch at week 24.
  const p1 = await patient(pi, "F");
  await visit(pi, p1, 1, "baseline", { pasi_score: 20 });
  await visit(pi, p1, 2, "week_12", { pasi_score: 4 });
  await visit(pi, p1, 3, "week_24", {
    pasi_score: 6,
    therapy_switch: { is_continuing_therapy: false, switch_reason: "perdita_risposta" },
  });
  // The medico's patient: PASI 10 → 8 and a serious adverse event.
  const p2 = await patient(medico, "M");
  await visit(medico, p2, 1, "baseline", { pasi_score: 10 });
  await visit(medico, p2, 2, "week_12", {
    pasi_score: 8,
    adverse_event: true,
    ae_description: "Injection-site reaction, severe",
    ae_onset_date: "2024-02-10",
    ae_serious: true,
    sae_report_email: "safety@example.org",
  });
  // A deleted patient counts nowhere.
  const gone = await patient(pi, "M");
  await visit(pi, gone, 1, "baseline", { pasi_score: 30 });
  const del = await call(removePatient, {
    method: "DELETE",
    headers: pi.headers,
    params: { id: String(gone) },
    body: { reason: "Enrolled in error" },
  });
  expect(del.status).toBe(204);
});

describe("GET /api/reports/dashboard", () => {
  it("counts the study's figures, PASI75 from the study's own calculation", async () => {
    const res = await report(pi, dashboard);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      overview: {
        total_patients: 2,
        active_therapies: 2,
        total_visits: 5,
        total_adverse_events: 1,
        serious_adverse_events: 1,
        total_therapy_lines: 3,
      },
      efficacy: {
        pasi75_rate: 50,
        pasi75_achieved: 1,
        pasi75_total: 2,
        calculation: { name: "pasi75_achieved", label: "PASI 75 achieved" },
      },
      demographics: { patients_by_sex: { F: 1, M: 1 } },
      queries: { open: 0, answered: 0, closed: 0 },
      // Two patients and five visits, none marked complete yet (decision 0031).
      form_status: {
        patients: { in_progress: 2, complete: 0, verified: 0, locked: 0 },
        visits: { in_progress: 5, complete: 0, verified: 0, locked: 0 },
      },
    });
  });

  it("respects the patient scope: a medico's figures are their own patients'", async () => {
    const res = await report(medico, dashboard);
    expect(res.json.overview).toEqual({
      total_patients: 1,
      active_therapies: 1,
      total_visits: 2,
      total_adverse_events: 1,
      serious_adverse_events: 1,
      total_therapy_lines: 1,
    });
    expect(res.json.efficacy).toMatchObject({ pasi75_rate: 0, pasi75_achieved: 0, pasi75_total: 1 });
    expect(res.json.demographics).toEqual({ patients_by_sex: { M: 1 } });
  });

  it("a study the caller has no role in answers 404", async () => {
    const stranger = await callerFor();
    expect((await report(stranger, dashboard)).status).toBe(404);
    expect((await report(stranger, outcomes)).status).toBe(404);
  });
});

describe("GET /api/reports/therapy-outcomes", () => {
  it("gives per line number the patients, visits, PASI75 rate and switch reasons", async () => {
    const res = await report(pi, outcomes);
    expect(res.status).toBe(200);
    expect(res.json.lines).toEqual([
      {
        line_number: 1,
        patients: 2,
        active: 1,
        visits: 4,
        pasi75: { rate: 50, achieved: 1, total: 2 },
        switch_reasons: { perdita_risposta: 1 },
      },
      {
        line_number: 2,
        patients: 1,
        active: 1,
        visits: 1,
        pasi75: { rate: 0, achieved: 0, total: 1 },
        switch_reasons: {},
      },
    ]);
  });
});

describe("the maintained figures follow every visit write", () => {
  it("a new visit and its deletion move the dashboard at once", async () => {
    const before = (await report(pi, dashboard)).json.overview as Record<string, number>;
    const p3 = await patient(pi, "F");
    const res = await call(createVisit, {
      method: "POST",
      headers: pi.headers,
      body: {
        patient_id: p3,
        visit_number: 1,
        visit_date: "2024-01-15",
        visit_type: "baseline",
        data_fields: { current_therapy: "adalimumab", adverse_event: false, pasi_score: 12 },
      },
    });
    expect(res.status).toBe(201);
    const during = (await report(pi, dashboard)).json.overview as Record<string, number>;
    expect(during.total_visits).toBe(before.total_visits! + 1);
    expect(during.total_therapy_lines).toBe(before.total_therapy_lines! + 1);
    expect(during.active_therapies).toBe(before.active_therapies! + 1);
    const removed = await call(removeVisit, {
      method: "DELETE",
      headers: pi.headers,
      params: { id: String(res.json.id) },
      body: { reason: "Entered for the wrong patient" },
    });
    expect(removed.status).toBe(204);
    const after = (await report(pi, dashboard)).json.overview as Record<string, number>;
    expect(after.total_visits).toBe(before.total_visits);
  });
});
