/**
 * Plausibility on the server (docs/decisions/0024): each hard error refused with its message, each
 * soft warning refused until confirmed, then stored with the row and in the write's audit entry.
 * The clinical day is fixed (setClinicalClock), so no result depends on the machine's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as updatePatientRoute } from "@/app/api/patients/[id]/route";
import { POST as createPatientRoute } from "@/app/api/patients/route";
import { PUT as updateVisitRoute } from "@/app/api/visits/[id]/route";
import { POST as createVisitRoute } from "@/app/api/visits/route";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { setClinicalClock } from "@/lib/server/clinical/clinical-today";
import { auditRowsFor, call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

type Issue = { loc: (string | number)[]; msg: string; type: string; code?: string };
type Row = { id: number; version: number; confirmed_warnings: { code: string; msg: string }[] };

let pi: Caller;
let studyId: number;
let seq = 0;

// PASI is plausible up to 50 in this study (its hard maximum stays 72).
const CONFIG = {
  ...DEMO_STUDY_CONFIG,
  data_fields: (DEMO_STUDY_CONFIG.data_fields ?? []).map((field) =>
    field.name === "pasi_score" ? { ...field, validation: { ...field.validation, soft_max: 50 } } : field,
  ),
};

const english = { "accept-language": "en" };
const postPatient = (body: unknown) =>
  call(createPatientRoute, { method: "POST", headers: { ...pi.headers, ...english }, body });
const putPatient = (id: number, body: unknown) =>
  call(updatePatientRoute, {
    method: "PUT",
    headers: { ...pi.headers, ...english },
    params: { id: String(id) },
    body,
  });
const postVisit = (body: unknown) =>
  call(createVisitRoute, { method: "POST", headers: { ...pi.headers, ...english }, body });
const putVisit = (id: number, body: unknown) =>
  call(updateVisitRoute, {
    method: "PUT",
    headers: { ...pi.headers, ...english },
    params: { id: String(id) },
    body,
  });

const efficacy = (pasi: number) => ({
  current_therapy: "adalimumab",
  pasi_score: pasi,
  adverse_event: false,
});
const visitBody = (patientId: number, n: number, date: string, extra: Record<string, unknown> = {}) => ({
  patient_id: patientId,
  visit_number: n,
  visit_date: date,
  visit_type: n === 1 ? "baseline" : "week_12",
  data_fields: efficacy(20),
  ...extra,
});

async function newPatient(extra: Record<string, unknown> = {}): Promise<Row> {
  const res = await postPatient(patientBody(studyId, `PL-${++seq}`, extra));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Row;
}

async function newVisit(body: unknown): Promise<Row> {
  const res = await postVisit(body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Row;
}

function issues(res: { status: number; json: unknown }): Issue[] {
  expect(res.status, JSON.stringify(res.json)).toBe(422);
  return (res.json as { detail: Issue[] }).detail;
}

beforeAll(async () => {
  setClinicalClock(() => new Date(2025, 5, 15, 12));
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin, CONFIG)).id;
  pi = await memberOf(studyId, "principal_investigator");
});

afterAll(() => setClinicalClock(null));

describe("hard errors", () => {
  it("refuses a birth date in the future, with its message at the field", async () => {
    const res = await postPatient(patientBody(studyId, `PL-${++seq}`, { birth_date: "2025-06-16" }));
    expect(issues(res)).toEqual([
      { loc: ["body", "birth_date"], msg: "Birth date cannot be in the future", type: "plausibility_error" },
    ]);
    // Today itself is a possible birth date.
    await newPatient({
      birth_date: "2025-06-15",
      custom_fields: { psoriasis_onset: "2025-06", psoriasis_phenotypes: ["plaque"] },
    });
  });

  it("refuses a patient month field (onset) before birth, the month of birth allowed", async () => {
    const res = await postPatient(
      patientBody(studyId, `PL-${++seq}`, {
        birth_date: "2010-03-15",
        custom_fields: { psoriasis_onset: "2010-02", psoriasis_phenotypes: ["plaque"] },
      }),
    );
    expect(issues(res)).toEqual([
      {
        loc: ["body", "custom_fields", "psoriasis_onset"],
        msg: "Psoriasis onset cannot be before the patient's birth date (2010-03-15)",
        type: "plausibility_error",
      },
    ]);
    await newPatient({
      birth_date: "2010-03-15",
      custom_fields: { psoriasis_onset: "2010-03", psoriasis_phenotypes: ["plaque"] },
    });
  });

  it("refuses a visit date in the future or before birth", async () => {
    const patient = await newPatient();
    const future = await postVisit(visitBody(patient.id, 1, "2025-06-16"));
    expect(issues(future)).toEqual([
      { loc: ["body", "visit_date"], msg: "Visit date cannot be in the future", type: "plausibility_error" },
    ]);
    const beforeBirth = await postVisit(visitBody(patient.id, 1, "1950-01-01"));
    expect(issues(beforeBirth)).toEqual([
      {
        loc: ["body", "visit_date"],
        msg: "Visit date cannot be before the patient's birth date (1980-05-17)",
        type: "plausibility_error",
      },
    ]);
    const visit = await newVisit(visitBody(patient.id, 1, "2025-06-15"));
    const moved = await putVisit(visit.id, {
      version: visit.version,
      reason: "Date typo",
      visit_date: "2026-01-01",
    });
    expect(issues(moved)[0]).toMatchObject({ loc: ["body", "visit_date"], type: "plausibility_error" });
  });

  it("refuses a visit's date field before birth and a birth date moved after a visit", async () => {
    const patient = await newPatient();
    const res = await postVisit(
      visitBody(patient.id, 1, "2024-01-10", {
        data_fields: {
          ...efficacy(20),
          adverse_event: true,
          ae_description: "Injection site reaction",
          ae_onset_date: "1979-12-31",
        },
      }),
    );
    expect(issues(res)).toContainEqual({
      loc: ["body", "data_fields", "ae_onset_date"],
      msg: "Adverse event onset cannot be before the patient's birth date (1980-05-17)",
      type: "plausibility_error",
    });
    await newVisit(visitBody(patient.id, 1, "2024-01-10"));
    const moved = await putPatient(patient.id, {
      version: patient.version,
      reason: "Birth typo",
      birth_date: "2024-02-01",
    });
    expect(issues(moved)).toContainEqual({
      loc: ["body", "birth_date"],
      msg: "Birth date cannot be after a recorded visit (visit dated 2024-01-10)",
      type: "plausibility_error",
    });
  });
});

describe("soft warnings", () => {
  it("refuses a visit out of date order until confirmed, then stores it in the row and the audit entry", async () => {
    const patient = await newPatient();
    await newVisit(visitBody(patient.id, 1, "2024-01-10"));
    await newVisit(visitBody(patient.id, 2, "2024-04-10"));
    // Visit 3 dated before visit 2: the issue's own repro (a later number, an earlier date).
    const body = visitBody(patient.id, 3, "2024-03-01");
    const refused = await postVisit(body);
    expect(issues(refused)).toEqual([
      {
        loc: ["body", "visit_date"],
        msg: "Visit date is out of order: visit 2 is dated 2024-04-10",
        type: "plausibility_warning",
        code: "visit_date_order",
      },
    ]);
    // Confirming a warning that does not arise is ignored, not stored.
    const saved = await newVisit({ ...body, confirmed_warnings: ["visit_date_order", "age_over_110"] });
    expect(saved.confirmed_warnings).toEqual([
      {
        code: "visit_date_order",
        loc: ["body", "visit_date"],
        msg: "i18n:api.plausibility.visitDateOrder?%23n=2&date=2024-04-10",
      },
    ]);
    const [created] = await auditRowsFor("visit", saved.id);
    expect((created!.newValues as { confirmed_warnings: unknown }).confirmed_warnings).toEqual(
      saved.confirmed_warnings,
    );

    // An edit of another field keeps the confirmation without asking again, and names it in its entry.
    const edited = await putVisit(saved.id, {
      version: saved.version,
      reason: "PASI corrected",
      data_fields: { pasi_score: 18 },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const update = (await auditRowsFor("visit", saved.id)).find((row) => row.action === "update")!;
    expect((update.newValues as { confirmed_warnings: unknown }).confirmed_warnings).toEqual(
      saved.confirmed_warnings,
    );
  });

  it("warns about an earlier number with a later date on update, and clears a warning that no longer arises", async () => {
    const patient = await newPatient();
    const first = await newVisit(visitBody(patient.id, 1, "2024-01-10"));
    await newVisit(visitBody(patient.id, 2, "2024-04-10"));
    const later = { version: first.version, reason: "Date corrected", visit_date: "2024-05-01" };
    expect(issues(await putVisit(first.id, later))[0]).toMatchObject({ code: "visit_date_order" });
    const confirmed = await putVisit(first.id, { ...later, confirmed_warnings: ["visit_date_order"] });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    const row = confirmed.json as Row;
    expect(row.confirmed_warnings.map((w) => w.code)).toEqual(["visit_date_order"]);
    const back = await putVisit(first.id, {
      version: row.version,
      reason: "Date restored",
      visit_date: "2024-01-10",
    });
    expect(back.status).toBe(200);
    expect((back.json as Row).confirmed_warnings).toEqual([]);
  });

  it("refuses an age over 110 (at birth-date entry and at the visit) until confirmed", async () => {
    // 110 today exactly is not over 110; the day after the 110th birthday is.
    await newPatient({ birth_date: "1915-06-15" });
    const body = patientBody(studyId, `PL-${++seq}`, { birth_date: "1915-06-14" });
    expect(issues(await postPatient(body))).toEqual([
      {
        loc: ["body", "birth_date"],
        msg: "The patient would be older than 110 years (age 110)",
        type: "plausibility_warning",
        code: "age_over_110",
      },
    ]);
    const patient = (await postPatient({ ...body, confirmed_warnings: ["age_over_110"] })).json as Row;
    expect(patient.confirmed_warnings.map((w) => w.code)).toEqual(["age_over_110"]);
    const [created] = await auditRowsFor("patient", patient.id);
    expect(JSON.stringify(created!.newValues)).toContain("age_over_110");

    const young = await newPatient({ birth_date: "1914-01-01", confirmed_warnings: ["age_over_110"] });
    const visit = visitBody(young.id, 1, "2024-01-02");
    expect(issues(await postVisit(visit))).toEqual([
      {
        loc: ["body", "visit_date"],
        msg: "The patient would be older than 110 years (age 110)",
        type: "plausibility_warning",
        code: "age_over_110",
      },
    ]);
    // A visit the day of the 110th birthday is plausible.
    await newVisit(visitBody(young.id, 1, "2024-01-01"));
  });

  it("refuses a number outside its soft range until confirmed", async () => {
    const patient = await newPatient();
    const body = visitBody(patient.id, 1, "2024-01-10", { data_fields: efficacy(60) });
    expect(issues(await postVisit(body))).toEqual([
      {
        loc: ["body", "data_fields", "pasi_score"],
        msg: "PASI 60 is above the usual maximum of 50",
        type: "plausibility_warning",
        code: "soft_range:pasi_score",
      },
    ]);
    const saved = await newVisit({ ...body, confirmed_warnings: ["soft_range:pasi_score"] });
    expect(saved.confirmed_warnings.map((w) => w.code)).toEqual(["soft_range:pasi_score"]);
    // A new out-of-range value is a new warning: the stored confirmation was for 60.
    const higher = await putVisit(saved.id, {
      version: saved.version,
      reason: "Re-scored",
      data_fields: { pasi_score: 65 },
    });
    expect(issues(higher)[0]).toMatchObject({ code: "soft_range:pasi_score" });
  });

  it("answers the warnings in the reader's language", async () => {
    const patient = await newPatient();
    const res = await call(createVisitRoute, {
      method: "POST",
      headers: { ...pi.headers, "accept-language": "it" },
      body: visitBody(patient.id, 1, "2024-01-10", { data_fields: efficacy(60) }),
    });
    expect(issues(res)[0]!.msg).toBe("PASI 60 è sopra il massimo abituale di 50");
  });
});
