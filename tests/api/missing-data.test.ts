/**
 * Unanswered stays unanswered, and missing-data codes (docs/decisions/0023): through create,
 * update, calculations, the audit entry and every export format, on PostgreSQL and PGlite alike.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/studies/[id]/export/route";
import { PUT as updatePatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { GET as getVisit, PUT as updateVisit } from "@/app/api/visits/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { readCsv } from "@/lib/dictionary/csv";
import { auditRowsFor, BASE, call } from "./helpers";
import { callerFor, createStudy, memberOf, type Caller } from "./clinical-fixtures";

type Json = Record<string, unknown>;

let pi: Caller;
let studyId: number;
/** The demo study without its naive_* patient fields: the columns stand alone there. */
let plainStudyId: number;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  pi = await memberOf(studyId, "principal_investigator");
  plainStudyId = (
    await createStudy(admin, {
      ...DEMO_STUDY_CONFIG,
      data_fields: DEMO_STUDY_CONFIG.data_fields!.filter((field) => !field.name.startsWith("naive_")),
    })
  ).id;
  const plainPi = await memberOf(plainStudyId, "principal_investigator");
  plainHeaders = plainPi.headers;
});
let plainHeaders: Record<string, string>;

const ONSET = { psoriasis_onset: "2015-03", psoriasis_phenotypes: ["plaque"] };

async function enrol(body: Json, headers = pi.headers) {
  return call(createPatient, {
    method: "POST",
    headers,
    body: { birth_date: "1980-05-17", sex: "F", ...body },
  });
}

async function putPatient(id: number, body: Json) {
  return call(updatePatient, { method: "PUT", headers: pi.headers, params: { id: String(id) }, body });
}

async function visit(patientId: number, n: number, type: string, body: Json) {
  return call(createVisit, {
    method: "POST",
    headers: pi.headers,
    body: { patient_id: patientId, visit_number: n, visit_date: `2024-0${n}-10`, visit_type: type, ...body },
  });
}

async function putVisit(id: number, body: Json) {
  return call(updateVisit, { method: "PUT", headers: pi.headers, params: { id: String(id) }, body });
}

const locs = (json: Json) => (json.detail as { loc: (string | number)[] }[]).map((d) => d.loc.join("."));

async function exportText(study: number, query: Record<string, string>, headers = pi.headers) {
  const url = new URL(`${BASE}/api/studies/${study}/export`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const res = await exportRoute(new Request(url, { headers }), {
    params: Promise.resolve({ id: String(study) }),
  });
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  return text;
}

function csvObjects(text: string): Record<string, string>[] {
  const read = readCsv(text);
  if (!read.ok) throw new Error(read.message);
  const [header, ...rows] = read.records.map((record) => record.cells);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ""])));
}

describe("a blank boolean stays null", () => {
  it("create without the naive flags stores null; an update without them keeps them; null clears", async () => {
    // The demo study defines the naive flags as patient fields: the columns mirror them.
    const created = await enrol({ study_id: studyId, code: "TRI-1", custom_fields: ONSET });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ naive_systemic: null, naive_biologic: null });
    expect(created.json.custom_fields).not.toHaveProperty("naive_systemic");
    const id = created.json.id as number;

    const renamed = await putPatient(id, { version: 1, reason: "Code typo", code: "TRI-1b" });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json).toMatchObject({ naive_systemic: null, naive_biologic: null });

    const answered = await putPatient(id, { version: 2, reason: "Asked", naive_systemic: false });
    expect(answered.json).toMatchObject({ naive_systemic: false, naive_biologic: null });
    const cleared = await putPatient(id, { version: 3, reason: "Entered by mistake", naive_systemic: null });
    expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
    expect(cleared.json).toMatchObject({ naive_systemic: null, naive_biologic: null });
  });

  it("without a mirrored field the columns alone take null, true or false and keep them", async () => {
    const created = await enrol(
      { study_id: plainStudyId, code: "COL-1", custom_fields: ONSET, naive_biologic: true },
      plainHeaders,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ naive_systemic: null, naive_biologic: true });
    const updated = await call(updatePatient, {
      method: "PUT",
      headers: plainHeaders,
      params: { id: String(created.json.id) },
      body: { version: 1, reason: "Weight measured", weight_kg: 70 },
    });
    expect(updated.json).toMatchObject({ naive_systemic: null, naive_biologic: true });
    const wrong = await enrol({ study_id: plainStudyId, code: "COL-2", naive_systemic: "no" }, plainHeaders);
    expect(wrong.status).toBe(422);
    expect(locs(wrong.json)).toContain("body.naive_systemic");
  });
});

describe("missing-data codes", () => {
  let patientId: number;
  let followUpId: number;

  it("a code satisfies `required`, is stored and answered beside the values, and is audited", async () => {
    const created = await enrol({
      study_id: studyId,
      code: "MDC-1",
      custom_fields: { psoriasis_phenotypes: ["plaque"] },
      missing: { psoriasis_onset: "UNK" },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.missing).toEqual({ psoriasis_onset: "UNK" });
    expect(created.json.custom_fields).not.toHaveProperty("psoriasis_onset");
    patientId = created.json.id as number;
    const [audit] = await auditRowsFor("patient", patientId);
    expect(audit!.newValues).toMatchObject({ missing: { psoriasis_onset: "UNK" } });

    // Without the code the required field is refused as before.
    const bare = await enrol({
      study_id: studyId,
      code: "MDC-0",
      custom_fields: { psoriasis_phenotypes: ["plaque"] },
    });
    expect(bare.status).toBe(422);
    expect(locs(bare.json)).toContain("body.custom_fields.psoriasis_onset");
  });

  it("a code and a value for one field, or a code the study does not offer, answer 422 at the field", async () => {
    const both = await enrol({
      study_id: studyId,
      code: "MDC-2",
      custom_fields: ONSET,
      missing: { psoriasis_onset: "UNK" },
    });
    expect(both.status).toBe(422);
    expect(both.json.detail).toEqual([
      expect.objectContaining({
        loc: ["body", "custom_fields", "psoriasis_onset"],
        type: "missing_code_and_value",
      }),
    ]);
    const unknown = await enrol({
      study_id: studyId,
      code: "MDC-3",
      custom_fields: { psoriasis_phenotypes: ["plaque"] },
      missing: { psoriasis_onset: "MAYBE" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.detail).toEqual([
      expect.objectContaining({ loc: ["body", "missing", "psoriasis_onset"], type: "unknown_missing_code" }),
    ]);
    expect(JSON.stringify(unknown.json.detail)).toContain("MAYBE");
    const noField = await enrol({
      study_id: studyId,
      code: "MDC-4",
      custom_fields: ONSET,
      missing: { no_such_field: "UNK" },
    });
    expect(noField.status).toBe(422);
    expect(locs(noField.json)).toContain("body.missing.no_such_field");
  });

  it("a calculation that needs a coded field has no value; a value sent later replaces the code", async () => {
    const baseline = await visit(patientId, 1, "baseline", {
      data_fields: {
        current_therapy: "adalimumab",
        pasi_score: 20,
        adverse_event: false,
        dlqi_score: 4,
        itch_nrs: 2,
      },
    });
    expect(baseline.status, JSON.stringify(baseline.json)).toBe(201);
    const followUp = await visit(patientId, 2, "week_12", {
      data_fields: { current_therapy: "adalimumab", dlqi_score: 3, itch_nrs: 1 },
      missing: { pasi_score: "ND", adverse_event: "ASKU" },
    });
    expect(followUp.status, JSON.stringify(followUp.json)).toBe(201);
    followUpId = followUp.json.id as number;
    expect(followUp.json.missing).toEqual({ pasi_score: "ND", adverse_event: "ASKU" });
    expect(followUp.json.calculated_values).toMatchObject({
      pasi_improvement: null,
      pasi75_achieved: null,
      pasi_percent_of_max: null,
      pro_burden_total: 4,
    });
    // Each calculation without a value says why, in the answer's language; one with a value does not.
    expect(followUp.json.calculation_notes).toEqual({
      pasi_improvement: "No value: pasi_score was answered with the missing-data code ND",
      // A calculation over another one says what it lacks: that calculation's value.
      pasi75_achieved: "Missing value for pasi_improvement",
      pasi_percent_of_max: "No value: pasi_score was answered with the missing-data code ND",
    });
    const inItalian = await call(getVisit, {
      headers: { ...pi.headers, "accept-language": "it" },
      params: { id: String(followUpId) },
    });
    expect((inItalian.json.calculation_notes as Json).pasi_improvement).toBe(
      "Nessun valore: pasi_score ha come risposta il codice di dato mancante ND",
    );

    const valued = await putVisit(followUpId, {
      version: 1,
      reason: "Score found",
      data_fields: { pasi_score: 5 },
    });
    expect(valued.status, JSON.stringify(valued.json)).toBe(200);
    expect(valued.json.missing).toEqual({ adverse_event: "ASKU" });
    expect(valued.json.calculated_values).toMatchObject({ pasi_improvement: 75, pasi75_achieved: true });
    expect(valued.json.calculation_notes).toEqual({});

    const coded = await putVisit(followUpId, {
      version: 2,
      reason: "Score was not done after all",
      missing: { pasi_score: "ND", adverse_event: null },
      data_fields: { adverse_event: false },
    });
    expect(coded.status, JSON.stringify(coded.json)).toBe(200);
    expect(coded.json.missing).toEqual({ pasi_score: "ND" });
    expect(coded.json.data_fields).not.toHaveProperty("pasi_score");
    expect(coded.json.data_fields).toMatchObject({ adverse_event: false });
    expect(coded.json.calculated_values).toMatchObject({ pasi_improvement: null });

    // The audit entry's changed values carry the codes, old and new.
    const updates = (await auditRowsFor("visit", followUpId)).filter((row) => row.action === "update");
    const last = updates.at(-1)!;
    expect(last.oldValues).toMatchObject({ missing: { adverse_event: "ASKU" } });
    expect(last.newValues).toMatchObject({ missing: { pasi_score: "ND" } });
  });

  it("a code on the baseline leaves every improvement without a value", async () => {
    const created = await enrol({ study_id: studyId, code: "MDC-B", custom_fields: ONSET });
    const id = created.json.id as number;
    const baseline = await visit(id, 1, "baseline", {
      data_fields: { current_therapy: "adalimumab", adverse_event: false },
      missing: { pasi_score: "NASK" },
    });
    expect(baseline.status, JSON.stringify(baseline.json)).toBe(201);
    const later = await visit(id, 2, "week_12", {
      data_fields: { current_therapy: "adalimumab", pasi_score: 4, adverse_event: false },
    });
    expect(later.json.calculated_values).toMatchObject({ pasi_improvement: null, pasi_percent_of_max: 5.6 });
    expect((later.json.calculation_notes as Json).pasi_improvement).toBe(
      "No value: the baseline pasi_score (visit baseline) was answered with the missing-data code NASK",
    );
  });

  it("exports: CSV long and wide, codes and labels, keep the value cell empty and the code beside it; ODM too", async () => {
    const rows = csvObjects(await exportText(studyId, { format: "csv-long" }));
    const mdc = rows.filter((row) => row.patient_code === "MDC-1");
    expect(mdc.map((row) => [row.pasi_score, row.pasi_score__missing])).toEqual([
      ["20", ""],
      ["", "ND"],
    ]);
    expect(mdc.map((row) => row.psoriasis_onset__missing)).toEqual(["UNK", "UNK"]);
    expect(mdc.map((row) => row.psoriasis_onset)).toEqual(["", ""]);
    expect(mdc[1]!.pasi_improvement).toBe("");
    // Unanswered booleans are empty cells, never false (codes) or No (labels).
    const tri = rows.find((row) => row.patient_code === "TRI-1b")!;
    expect([tri.naive_systemic, tri.naive_biologic]).toEqual(["", ""]);
    // Enrolment is the baseline visit's date, as on the patient page (decision 0028); none before one.
    expect(mdc.map((row) => row.enrolled_on)).toEqual(["2024-01-10", "2024-01-10"]);
    expect(tri.enrolled_on).toBe("");
    const labels = csvObjects(await exportText(studyId, { format: "csv-long", values: "labels" }));
    const triLabels = labels.find((row) => row.patient_code === "TRI-1b")!;
    expect([triLabels.naive_systemic, triLabels.naive_biologic]).toEqual(["", ""]);
    expect(labels.find((row) => row.patient_code === "MDC-1")!.psoriasis_onset__missing).toBe("UNK");

    const wide = csvObjects(await exportText(studyId, { format: "csv-wide" }));
    const wideMdc = wide.find((row) => row.patient_code === "MDC-1")!;
    expect([wideMdc.week_12__pasi_score, wideMdc.week_12__pasi_score__missing]).toEqual(["", "ND"]);

    const odm = await exportText(studyId, { format: "odm" });
    const subject = odm.slice(odm.indexOf('SubjectKey="MDC-1"'));
    const mine = subject.slice(0, subject.indexOf("</SubjectData>"));
    expect(mine).toContain('ItemOID="IT.P.psoriasis_onset__missing" Value="UNK"');
    expect(mine).not.toContain('ItemOID="IT.P.psoriasis_onset" ');
    const week12 = mine.slice(mine.indexOf('StudyEventRepeatKey="2"'));
    expect(week12).toContain('ItemOID="IT.V.pasi_score__missing" Value="ND"');
    expect(week12).not.toContain('ItemOID="IT.V.pasi_score" ');
    expect(odm).toContain('<ItemDef OID="IT.V.pasi_score__missing"');
    const triSubject = odm.slice(odm.indexOf('SubjectKey="TRI-1b"'));
    const tri1 = triSubject.slice(0, triSubject.indexOf("</SubjectData>"));
    expect(tri1).not.toMatch(/ItemOID="IT\.(PATIENT\.NAIVE_|P\.naive_)/);
  });
});
