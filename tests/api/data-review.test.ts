/**
 * Source data verification and form status (docs/decisions/0031) on PostgreSQL and PGlite alike:
 * verify one by one and 'all', who may, the field names refused, a changed value's verification
 * cleared in the update's own transaction (and not by a change of another field), un-verify with a
 * reason, the site's completion, the status moving in progress → complete → verified → locked and
 * back, the dashboard's counts, and an audit row for every step.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { POST as completePatientRoute } from "@/app/api/patients/[id]/complete/route";
import { PUT as updatePatient } from "@/app/api/patients/[id]/route";
import {
  DELETE as unverifyPatientRoute,
  POST as verifyPatientRoute,
} from "@/app/api/patients/[id]/verify/route";
import { GET as listPatients, POST as createPatient } from "@/app/api/patients/route";
import { GET as dashboardRoute } from "@/app/api/reports/dashboard/route";
import { DELETE as reopenVisitRoute, POST as completeVisitRoute } from "@/app/api/visits/[id]/complete/route";
import { POST as lockRoute } from "@/app/api/visits/[id]/lock/route";
import { GET as getVisitRoute, PUT as updateVisit } from "@/app/api/visits/[id]/route";
import { POST as unlockRoute } from "@/app/api/visits/[id]/unlock/route";
import { DELETE as unverifyVisitRoute, POST as verifyVisitRoute } from "@/app/api/visits/[id]/verify/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { auditRowsFor, call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

type Json = Record<string, unknown>;

let studyId: number;
let monitor: Caller;
let pi: Caller;
let medico: Caller;
let otherMedico: Caller;
let dataManager: Caller;

/** The demo study with key-field SDV: PASI and the adverse event flag are 'SDV required'. */
const KEY_FIELDS = ["pasi_score", "adverse_event"];
const CONFIG = {
  ...DEMO_STUDY_CONFIG,
  sdv_requirement: "key",
  data_fields: (DEMO_STUDY_CONFIG.data_fields ?? []).map((field) =>
    field.entity === "visit" && KEY_FIELDS.includes(field.name) ? { ...field, sdv_required: true } : field,
  ),
};

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin, CONFIG)).id;
  monitor = await memberOf(studyId, "study_monitor");
  pi = await memberOf(studyId, "principal_investigator");
  medico = await memberOf(studyId, "medico");
  otherMedico = await memberOf(studyId, "medico");
  dataManager = await memberOf(studyId, "data_manager");
});

let seq = 0;

async function patientWithVisit() {
  const patient = await call(createPatient, {
    method: "POST",
    headers: medico.headers,
    body: patientBody(studyId, `SDV-${++seq}`),
  });
  expect(patient.status, JSON.stringify(patient.json)).toBe(201);
  const visit = await call(createVisit, {
    method: "POST",
    headers: medico.headers,
    body: {
      patient_id: patient.json.id,
      visit_number: 1,
      visit_date: "2024-01-10",
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
    },
  });
  expect(visit.status, JSON.stringify(visit.json)).toBe(201);
  return { patient: patient.json, visit: visit.json };
}

const on = (route: typeof verifyVisitRoute, method: string) => (caller: Caller, id: number, body?: Json) =>
  call(route, { method, headers: caller.headers, params: { id: String(id) }, body });
const verifyVisit = on(verifyVisitRoute, "POST");
const unverifyVisit = on(unverifyVisitRoute, "DELETE");
const completeVisit = on(completeVisitRoute, "POST");
const reopenVisit = on(reopenVisitRoute, "DELETE");
const verifyPatient = on(verifyPatientRoute, "POST");
const unverifyPatient = on(unverifyPatientRoute, "DELETE");
const completePatient = on(completePatientRoute, "POST");
const getVisit = (caller: Caller, id: number) =>
  call(getVisitRoute, { headers: caller.headers, params: { id: String(id) } });
const dashboard = async (caller: Caller) => {
  const res = await call(dashboardRoute, {
    headers: caller.headers,
    path: `/api/reports/dashboard?study_id=${studyId}`,
  });
  expect(res.status).toBe(200);
  return res.json.form_status as { patients: Json; visits: Json };
};

describe("source data verification", () => {
  it("verifies fields one by one and names who and when, in the answer and the audit trail", async () => {
    const { visit } = await patientWithVisit();
    const res = await verifyVisit(monitor, visit.id as number, { fields: ["pasi_score", "visit_date"] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const verification = res.json.verification as Record<string, Json>;
    expect(Object.keys(verification).sort()).toEqual(["pasi_score", "visit_date"]);
    expect(verification.pasi_score).toMatchObject({ state: "verified", by: monitor.userId });
    expect(res.json.form_status).toBe("in_progress");
    // Read back: the visit carries it.
    expect((await getVisit(medico, visit.id as number)).json.verification).toEqual(verification);
    const rows = await auditRowsFor("visit", visit.id as number);
    const row = rows.find((r) => r.action === "update" && r.userId === monitor.userId)!;
    expect(row.newValues).toMatchObject({
      verification: { pasi_score: { state: "verified" }, visit_date: { state: "verified" } },
    });
    expect(row.oldValues).toMatchObject({ verification: { pasi_score: null, visit_date: null } });
  });

  it("refuses the site, a data manager and unknown field names; verifies nothing then", async () => {
    const { visit } = await patientWithVisit();
    const id = visit.id as number;
    for (const caller of [medico, dataManager]) {
      const res = await verifyVisit(caller, id, { fields: ["pasi_score"] });
      expect(res.status).toBe(403);
    }
    // A medico who does not see the patient gets the 404 of a missing visit.
    expect((await verifyVisit(otherMedico, id, { fields: ["pasi_score"] })).status).toBe(404);
    const unknown = await verifyVisit(monitor, id, { fields: ["pasi_score", "no_such_field"] });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.json)).toContain("no_such_field");
    expect((await verifyVisit(monitor, id, { fields: [] })).status).toBe(422);
    expect((await getVisit(monitor, id)).json.verification).toEqual({});
  });

  it("clears a changed value's verification in the update's transaction, and keeps the others", async () => {
    const { visit } = await patientWithVisit();
    const id = visit.id as number;
    const verified = await verifyVisit(monitor, id, { fields: ["pasi_score", "adverse_event"] });
    // Another field's change clears nothing.
    const other = await call(updateVisit, {
      method: "PUT",
      headers: medico.headers,
      params: { id: String(id) },
      body: {
        version: verified.json.version,
        reason: "Therapy name typo",
        data_fields: { current_therapy: "secukinumab" },
      },
    });
    expect(other.status, JSON.stringify(other.json)).toBe(200);
    expect(other.json.verification).toEqual(verified.json.verification);
    // A stale version is refused and clears nothing either: the clearing belongs to the write.
    const stale = await call(updateVisit, {
      method: "PUT",
      headers: medico.headers,
      params: { id: String(id) },
      body: { version: verified.json.version, reason: "Wrong PASI", data_fields: { pasi_score: 12 } },
    });
    expect(stale.status).toBe(409);
    expect((await getVisit(monitor, id)).json.verification).toEqual(verified.json.verification);
    const changed = await call(updateVisit, {
      method: "PUT",
      headers: medico.headers,
      params: { id: String(id) },
      body: { version: other.json.version, reason: "Wrong PASI", data_fields: { pasi_score: 12 } },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const after = changed.json.verification as Record<string, Json>;
    expect(after.pasi_score).toMatchObject({
      state: "cleared",
      by: medico.userId,
      verified_by: monitor.userId,
    });
    expect(after.adverse_event).toMatchObject({ state: "verified", by: monitor.userId });
    // The same audit row as the change says so.
    const rows = await auditRowsFor("visit", id);
    const update = rows.find((r) => r.action === "update" && r.reason === "Wrong PASI")!;
    expect(update.newValues).toMatchObject({
      data_fields: { pasi_score: 12 },
      verification: { pasi_score: { state: "cleared" } },
    });
  });

  it("verifies 'all': the visit's own columns and every answered field; un-verifies with a reason", async () => {
    const { visit } = await patientWithVisit();
    const id = visit.id as number;
    const all = await verifyVisit(monitor, id, { fields: "all" });
    expect(all.status).toBe(200);
    expect(Object.keys(all.json.verification as Json).sort()).toEqual(
      ["adverse_event", "current_therapy", "pasi_score", "visit_date", "visit_type"].sort(),
    );
    // Un-verifying needs a reason, and names only verified fields.
    expect((await unverifyVisit(monitor, id, { fields: ["pasi_score"] })).status).toBe(422);
    const undone = await unverifyVisit(monitor, id, {
      fields: ["pasi_score"],
      reason: "Source page missing",
    });
    expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    expect((undone.json.verification as Json).pasi_score).toBeUndefined();
    const again = await unverifyVisit(monitor, id, { fields: ["pasi_score"], reason: "Source page missing" });
    expect(again.status).toBe(422);
    const rows = await auditRowsFor("visit", id);
    expect(rows.some((r) => r.reason === "Source page missing" && r.userId === monitor.userId)).toBe(true);
  });

  it("verifies a patient's record: its own columns and answered fields", async () => {
    const { patient } = await patientWithVisit();
    const res = await verifyPatient(monitor, patient.id as number, { fields: "all" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const fields = Object.keys(res.json.verification as Json);
    expect(fields).toEqual(expect.arrayContaining(["birth_date", "sex", "psoriasis_onset"]));
    expect(fields).not.toContain("code");
    // A change of the birth date clears its verification only.
    const changed = await call(updatePatient, {
      method: "PUT",
      headers: medico.headers,
      params: { id: String(patient.id) },
      body: { version: res.json.version, reason: "Typo in birth date", birth_date: "1981-02-03" },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const after = changed.json.verification as Record<string, Json>;
    expect(after.birth_date).toMatchObject({ state: "cleared", verified_by: monitor.userId });
    expect(after.sex).toMatchObject({ state: "verified" });
    expect(
      (await unverifyPatient(medico, patient.id as number, { fields: "all", reason: "Not my call" })).status,
    ).toBe(403);
  });
});

describe("form status", () => {
  it("goes in progress → complete → verified → locked and back, and the dashboard counts follow", async () => {
    const before = await dashboard(pi);
    const { visit } = await patientWithVisit();
    const id = visit.id as number;
    expect(visit.form_status).toBe("in_progress");
    // The monitor verifies the key fields before the site is done: still in progress.
    expect((await verifyVisit(monitor, id, { fields: KEY_FIELDS })).json.form_status).toBe("in_progress");
    // The monitor cannot mark it complete; the site can, once.
    expect((await completeVisit(monitor, id)).status).toBe(403);
    const complete = await completeVisit(medico, id);
    expect(complete.status, JSON.stringify(complete.json)).toBe(200);
    // Every key field verified already: verified at once.
    expect(complete.json).toMatchObject({ form_status: "verified", completed_by: medico.userId });
    expect((await completeVisit(medico, id)).status).toBe(409);
    let counts = await dashboard(pi);
    expect(counts.visits.verified).toBe((before.visits.verified as number) + 1);
    // A change of a key value clears it: back to complete.
    const changed = await call(updateVisit, {
      method: "PUT",
      headers: medico.headers,
      params: { id: String(id) },
      body: {
        version: complete.json.version,
        reason: "Adverse event found",
        data_fields: {
          adverse_event: true,
          ae_description: "Mild rash on both arms",
          ae_onset_date: "2024-01-09",
        },
      },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.form_status).toBe("complete");
    counts = await dashboard(pi);
    expect(counts.visits.verified).toBe(before.visits.verified);
    expect(counts.visits.complete).toBe((before.visits.complete as number) + 1);
    expect((await verifyVisit(monitor, id, { fields: ["adverse_event"] })).json.form_status).toBe("verified");
    // Locked over everything; no verification change while locked.
    const locked = await call(lockRoute, { method: "POST", headers: pi.headers, params: { id: String(id) } });
    expect(locked.json.form_status).toBe("locked");
    expect((await unverifyVisit(monitor, id, { fields: "all", reason: "Recheck" })).status).toBe(423);
    counts = await dashboard(pi);
    expect(counts.visits.locked).toBe((before.visits.locked as number) + 1);
    const unlocked = await call(unlockRoute, {
      method: "POST",
      headers: pi.headers,
      params: { id: String(id) },
      body: { reason: "Late correction" },
    });
    expect(unlocked.json.form_status).toBe("verified");
    // The site takes the mark back with a reason: in progress.
    expect((await reopenVisit(medico, id, {})).status).toBe(422);
    const reopened = await reopenVisit(medico, id, { reason: "More data to come" });
    expect(reopened.json).toMatchObject({ form_status: "in_progress", completed_at: null });
    counts = await dashboard(pi);
    expect(counts.visits).toEqual(
      Object.fromEntries(
        Object.entries(before.visits).map(([k, v]) => [k, (v as number) + (k === "in_progress" ? 1 : 0)]),
      ),
    );
    const statuses = (await auditRowsFor("visit", id))
      .map((r) => (r.newValues as Json | null)?.form_status)
      .filter(Boolean);
    expect(statuses).toEqual(expect.arrayContaining(["verified", "complete", "locked", "in_progress"]));
  });

  it("refuses completion while a field the study requires is unanswered", async () => {
    const { patient } = await patientWithVisit();
    // A required patient field answered by nobody: the demo's patients all answer theirs, so the
    // stored answers are taken away behind the API's back, as a later configuration would.
    const { getDb } = await import("@/db/client");
    const { patients } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const db = await getDb();
    await db
      .update(patients)
      .set({ customFields: {} })
      .where(eq(patients.id, patient.id as number));
    const res = await completePatient(medico, patient.id as number);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json)).toContain("psoriasis_onset");
    await db
      .update(patients)
      .set({ customFields: patient.custom_fields as Json })
      .where(eq(patients.id, patient.id as number));
    const ok = await completePatient(medico, patient.id as number);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // Key-field SDV names no patient field: nothing to verify, so complete it stays.
    expect(ok.json.form_status).toBe("complete");
    const counts = await dashboard(pi);
    expect(counts.patients.complete).toBeGreaterThanOrEqual(1);
  });

  it("filters the patients list by the record's form status, with its total", async () => {
    const { patient } = await patientWithVisit();
    const list = async (query: string) => {
      const res = await call(listPatients, {
        headers: pi.headers,
        path: `/api/patients?study_id=${studyId}&page_size=100&${query}`,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as { items: Json[]; total: number };
    };
    const before = await list("form_status=complete");
    expect(before.items.some((p) => p.id === patient.id)).toBe(false);
    expect(before.total).toBe(before.items.length);
    expect((await completePatient(medico, patient.id as number)).status).toBe(200);
    for (const query of [
      "form_status=complete",
      "form_status=complete&search=SDV-",
      "form_status=complete&sort=enrolled",
    ]) {
      const after = await list(query);
      expect(
        after.items.some((p) => p.id === patient.id),
        query,
      ).toBe(true);
      expect(
        after.items.every((p) => p.form_status === "complete"),
        query,
      ).toBe(true);
      expect(after.total, query).toBe(after.items.length);
    }
    const inProgress = await list("form_status=in_progress");
    expect(inProgress.items.some((p) => p.id === patient.id)).toBe(false);
    expect(inProgress.total).toBe(inProgress.items.length);
    const bad = await call(listPatients, {
      headers: pi.headers,
      path: `/api/patients?study_id=${studyId}&form_status=done`,
    });
    expect(bad.status).toBe(422);
  });
});
