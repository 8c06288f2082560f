import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as lockRoute } from "@/app/api/visits/[id]/lock/route";
import { DELETE as remove, GET as getOne, PUT as update } from "@/app/api/visits/[id]/route";
import { POST as unlockRoute } from "@/app/api/visits/[id]/unlock/route";
import { GET as ofPatient } from "@/app/api/visits/patient/[patientId]/route";
import { GET as list, POST as create } from "@/app/api/visits/route";
import { DELETE as removePatient, GET as getPatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { getDb } from "@/db/client";
import { auditLogs, therapyLines, visits } from "@/db/schema";
import { isStaleWriteDetail } from "@/lib/schemas/versioning";
import { auditRowsFor, call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let admin: Caller;
let studyId: number;
let pi: Caller;
let medicoA: Caller;
let medicoB: Caller;
let monitor: Caller;
let dataManager: Caller;
let seq = 0;

type Visit = {
  id: number;
  version: number;
  therapy_line_id: number;
  visit_number: number;
  data_fields: Record<string, unknown>;
  calculated_values: Record<string, unknown>;
  config_version: number;
  is_locked: boolean;
};

const ids = (id: number) => ({ id: String(id) });
const postVisit = (caller: Caller, body: unknown) =>
  call(create, { method: "POST", headers: caller.headers, body });
const putVisit = (caller: Caller, id: number, body: unknown) =>
  call(update, { method: "PUT", headers: caller.headers, params: ids(id), body });
const delVisit = (caller: Caller, id: number, body: unknown) =>
  call(remove, { method: "DELETE", headers: caller.headers, params: ids(id), body });
const lock = (caller: Caller, id: number) =>
  call(lockRoute, { method: "POST", headers: caller.headers, params: ids(id) });
const unlock = (caller: Caller, id: number, body: unknown) =>
  call(unlockRoute, { method: "POST", headers: caller.headers, params: ids(id), body });

async function newPatient(caller: Caller = pi) {
  const res = await call(createPatient, {
    method: "POST",
    headers: caller.headers,
    body: patientBody(studyId, `V-${++seq}`),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

const efficacy = (pasi: number, extra: Record<string, unknown> = {}) => ({
  current_therapy: "adalimumab",
  pasi_score: pasi,
  adverse_event: false,
  ...extra,
});

async function addVisit(
  caller: Caller,
  patientId: number,
  number: number,
  type: string,
  data: Record<string, unknown>,
  date = `2024-0${Math.min(number, 9)}-01`,
) {
  const res = await postVisit(caller, {
    patient_id: patientId,
    visit_number: number,
    visit_date: date,
    visit_type: type,
    data_fields: data,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Visit;
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  pi = await memberOf(studyId, "principal_investigator");
  medicoA = await memberOf(studyId, "medico");
  medicoB = await memberOf(studyId, "medico");
  monitor = await memberOf(studyId, "study_monitor");
  dataManager = await memberOf(studyId, "data_manager");
});

describe("calculations stored with the visit", () => {
  it("runs the study's calculations on the server, in dependency order, with the config version", async () => {
    const patient = await newPatient();
    const baseline = await addVisit(pi, patient.id, 1, "baseline", efficacy(20));
    expect(baseline.calculated_values).toMatchObject({ pasi_improvement: 0, pasi75_achieved: false });
    expect(baseline.config_version).toBeGreaterThanOrEqual(1);
    const week12 = await addVisit(pi, patient.id, 2, "week_12", efficacy(4, { dlqi_score: 3, itch_nrs: 2 }));
    expect(week12.calculated_values).toMatchObject({
      pasi_improvement: 80,
      pasi75_achieved: true,
      pro_burden_total: 5,
    });
    // Sent calculated keys are no fields: the client cannot write them.
    const forged = await postVisit(pi, {
      patient_id: patient.id,
      visit_number: 3,
      visit_date: "2024-07-01",
      visit_type: "week_24",
      data_fields: efficacy(10, { pasi75_achieved: true }),
    });
    expect(forged.status).toBe(422);

    // Inputs change → recomputed; the baseline changes → its follow-ups are recomputed too.
    const changed = await putVisit(pi, week12.id, {
      version: week12.version,
      reason: "PASI transcription error",
      data_fields: { pasi_score: 10 },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.calculated_values).toMatchObject({ pasi_improvement: 50, pasi75_achieved: false });
    const rebased = await putVisit(pi, baseline.id, {
      version: baseline.version,
      reason: "Baseline PASI corrected",
      data_fields: { pasi_score: 40 },
    });
    expect(rebased.status).toBe(200);
    const after = await call(getOne, { headers: pi.headers, params: ids(week12.id) });
    expect(after.json.calculated_values).toMatchObject({ pasi_improvement: 75, pasi75_achieved: true });
  });
});

describe("visit fields checked by the form engine", () => {
  it("drops hidden values, enforces required_if, and answers 422 with data_fields paths", async () => {
    const patient = await newPatient();
    const visit = await addVisit(
      pi,
      patient.id,
      1,
      "baseline",
      efficacy(12, { ae_description: "hidden text" }),
    );
    expect(visit.data_fields).not.toHaveProperty("ae_description");
    const res = await postVisit(pi, {
      patient_id: patient.id,
      visit_number: 2,
      visit_date: "2024-02-01",
      visit_type: "week_4",
      data_fields: efficacy(8, { adverse_event: true, pasi_score: 99 }),
    });
    expect(res.status).toBe(422);
    const locs = (res.json.detail as { loc: string[] }[]).map((d) => d.loc.join("."));
    expect(locs).toEqual(
      expect.arrayContaining([
        "body.data_fields.pasi_score",
        "body.data_fields.ae_description",
        "body.data_fields.ae_onset_date",
      ]),
    );
  });

  it("refuses a visit number below 1, an unknown visit type and a duplicate number (409)", async () => {
    const patient = await newPatient();
    await addVisit(pi, patient.id, 1, "baseline", efficacy(12));
    const base = { patient_id: patient.id, visit_date: "2024-02-01", data_fields: efficacy(9) };
    const zero = await postVisit(pi, { ...base, visit_number: 0, visit_type: "week_4" });
    expect(zero.status).toBe(422);
    expect((zero.json.detail as { msg: string }[])[0]!.msg).toBe("Visit number must be at least 1");
    expect((await postVisit(pi, { ...base, visit_number: 2, visit_type: "week_99" })).status).toBe(422);
    const dup = await postVisit(pi, { ...base, visit_number: 1, visit_type: "week_4" });
    expect(dup.status).toBe(409);
    expect(dup.json.detail).toBe("Visit number 1 already exists for this patient");
  });
});

describe("therapy lines", () => {
  it("the first visit opens line 1; a switch closes it and opens line 2 in the visit's transaction", async () => {
    const patient = await newPatient();
    const v1 = await addVisit(pi, patient.id, 1, "baseline", efficacy(20));
    const v2 = await addVisit(pi, patient.id, 2, "week_12", {
      ...efficacy(18),
      therapy_switch: { is_continuing_therapy: true },
    });
    expect(v2.therapy_line_id).toBe(v1.therapy_line_id);

    // Italian messages; the conditional field counts only when its condition matches.
    const missing = await postVisit(pi, {
      patient_id: patient.id,
      visit_number: 3,
      visit_date: "2024-06-01",
      visit_type: "week_24",
      data_fields: {
        ...efficacy(17),
        therapy_switch: { is_continuing_therapy: false, switch_reason: "altro" },
      },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.detail).toEqual([
      {
        loc: ["body", "data_fields", "therapy_switch", "switch_reason_other"],
        // The study's own label in the caller's language, as the sentence around it (decision 0022).
        msg: "Specify the reason is required",
        type: "missing",
      },
    ]);
    const db = await getDb();
    expect(await db.select().from(therapyLines).where(eq(therapyLines.patientId, patient.id))).toHaveLength(
      1,
    );

    const v3 = await addVisit(pi, patient.id, 3, "week_24", {
      ...efficacy(17),
      therapy_switch: {
        is_continuing_therapy: false,
        switch_reason: "inefficacia",
        switch_reason_other: "dropped: its condition does not match",
        new_therapy: "guselkumab",
      },
    });
    expect(v3.data_fields.therapy_switch).toEqual({
      is_continuing_therapy: false,
      switch_reason: "inefficacia",
      new_therapy: "guselkumab",
    });
    const lines = await db
      .select()
      .from(therapyLines)
      .where(eq(therapyLines.patientId, patient.id))
      .orderBy(therapyLines.lineNumber);
    expect(lines.map((l) => [l.lineNumber, l.endDate, l.switchReason])).toEqual([
      [1, "2024-03-01", "inefficacia"],
      [2, null, null],
    ]);
    expect(lines[0]!.switchData).toEqual({ switch_reason: "inefficacia", new_therapy: "guselkumab" });
    expect(v3.therapy_line_id).toBe(lines[1]!.id);

    const ofLine = await call(list, {
      headers: pi.headers,
      path: `/api/visits?therapy_line_id=${lines[0]!.id}`,
    });
    expect((ofLine.json as unknown as Visit[]).map((v) => v.visit_number)).toEqual([1, 2]);
    // The switch visit is corrected, not deleted (it closed one line and opened another).
    expect((await delVisit(pi, v3.id, { reason: "Entered in error" })).status).toBe(409);
    const lineAudits = await db.select().from(auditLogs).where(eq(auditLogs.entityType, "therapy_line"));
    expect(
      lineAudits.filter((r) => [String(lines[0]!.id), String(lines[1]!.id)].includes(r.entityId!)),
    ).toHaveLength(3);
  });

  it("a switch on the first visit is refused", async () => {
    const patient = await newPatient();
    const res = await postVisit(pi, {
      patient_id: patient.id,
      visit_number: 1,
      visit_date: "2024-01-01",
      visit_type: "baseline",
      data_fields: {
        ...efficacy(20),
        therapy_switch: { is_continuing_therapy: false, switch_reason: "inefficacia" },
      },
    });
    expect(res.status).toBe(422);
  });
});

describe("scope, versions, reasons", () => {
  it("a medico cannot see, change or lock another medico's visits (404), nor list them", async () => {
    const patient = await newPatient(medicoB);
    const visit = await addVisit(medicoB, patient.id, 1, "baseline", efficacy(15));
    expect((await call(getOne, { headers: medicoA.headers, params: ids(visit.id) })).status).toBe(404);
    expect(
      (await putVisit(medicoA, visit.id, { version: 1, reason: "not mine", data_fields: { pasi_score: 1 } }))
        .status,
    ).toBe(404);
    expect((await lock(medicoA, visit.id)).status).toBe(404);
    expect(
      (await call(ofPatient, { headers: medicoA.headers, params: { patientId: String(patient.id) } })).status,
    ).toBe(404);
    expect(
      (
        await postVisit(medicoA, {
          patient_id: patient.id,
          visit_number: 2,
          visit_date: "2024-02-01",
          visit_type: "week_4",
          data_fields: efficacy(3),
        })
      ).status,
    ).toBe(404);
    const mine = await call(ofPatient, {
      headers: medicoB.headers,
      params: { patientId: String(patient.id) },
    });
    expect((mine.json as unknown as Visit[]).map((v) => v.id)).toEqual([visit.id]);
    expect((await call(getOne, { headers: monitor.headers, params: ids(visit.id) })).status).toBe(200);
    expect((await lock(monitor, visit.id)).status).toBe(403);
  });

  it("a stale update answers 409 and overwrites nothing; update and delete need a reason, audited with old/new", async () => {
    const patient = await newPatient();
    const visit = await addVisit(pi, patient.id, 1, "baseline", efficacy(15));
    expect((await putVisit(pi, visit.id, { version: 1, data_fields: { pasi_score: 14 } })).status).toBe(422);
    expect(
      (
        await putVisit(pi, visit.id, {
          version: 1,
          reason: "PASI re-scored",
          data_fields: { pasi_score: 14 },
        })
      ).status,
    ).toBe(200);
    const stale = await putVisit(pi, visit.id, {
      version: 1,
      reason: "old screen",
      data_fields: { pasi_score: 2 },
    });
    expect(stale.status).toBe(409);
    expect(isStaleWriteDetail(stale.json.detail)).toBe(true);
    expect(
      (await call(getOne, { headers: pi.headers, params: ids(visit.id) })).json.data_fields,
    ).toMatchObject({ pasi_score: 14 });
    expect((await delVisit(pi, visit.id, { reason: "x" })).status).toBe(422);
    expect((await delVisit(pi, visit.id, { reason: "Duplicate entry" })).status).toBe(204);
    expect((await call(getOne, { headers: pi.headers, params: ids(visit.id) })).status).toBe(404);

    const rows = await auditRowsFor("visit", visit.id);
    const update = rows.find((r) => r.action === "update")!;
    expect(update.reason).toBe("PASI re-scored");
    expect((update.oldValues as { data_fields: { pasi_score: number } }).data_fields.pasi_score).toBe(15);
    expect((update.newValues as { data_fields: { pasi_score: number } }).data_fields.pasi_score).toBe(14);
    const deleted = rows.find((r) => r.action === "delete")!;
    expect(deleted.reason).toBe("Duplicate entry");
    expect(deleted.oldValues).toMatchObject({ visit_number: 1 });
    const db = await getDb();
    const [row] = await db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row!.deletedAt).not.toBeNull();
    // The number is free again among live visits.
    await addVisit(pi, patient.id, 1, "baseline", efficacy(15));
  });
});

describe("visit lock", () => {
  it("a locked visit refuses every change with 423; only a PI or platform admin unlocks, with a reason; both audited", async () => {
    const patient = await newPatient();
    const visit = await addVisit(pi, patient.id, 1, "baseline", efficacy(15));
    const locked = await lock(dataManager, visit.id);
    expect(locked.status).toBe(200);
    expect(locked.json.is_locked).toBe(true);
    expect((await lock(pi, visit.id)).status).toBe(409);

    const change = await putVisit(pi, visit.id, {
      version: locked.json.version,
      reason: "late edit",
      data_fields: { pasi_score: 1 },
    });
    expect(change.status).toBe(423);
    expect(change.json.detail).toBe(
      "Visit 1 is locked and cannot be changed: a principal investigator must unlock it first",
    );
    expect((await delVisit(pi, visit.id, { reason: "late delete" })).status).toBe(423);

    expect((await unlock(dataManager, visit.id, { reason: "need to fix" })).status).toBe(403);
    expect((await unlock(pi, visit.id, {})).status).toBe(422);
    const unlocked = await unlock(pi, visit.id, { reason: "Source document corrected" });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json.is_locked).toBe(false);
    expect((await lock(pi, visit.id)).status).toBe(200);
    expect((await unlock(admin, visit.id, { reason: "Admin reopen" })).status).toBe(200);

    const db = await getDb();
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "visit"), eq(auditLogs.entityId, String(visit.id))));
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === "lock")).toHaveLength(2);
    expect(actions.filter((a) => a === "unlock")).toHaveLength(2);
    expect(rows.find((r) => r.action === "unlock" && r.userId === pi.userId)!.reason).toBe(
      "Source document corrected",
    );
    expect(rows.some((r) => r.action === "access_denied" && r.userId === dataManager.userId)).toBe(true);
  });

  it("a patient with a locked visit cannot be deleted (423), even by a platform admin; the visit stays", async () => {
    const patient = await newPatient();
    await addVisit(pi, patient.id, 1, "baseline", efficacy(15));
    const second = await addVisit(pi, patient.id, 2, "week_12", efficacy(5));
    expect((await lock(pi, second.id)).status).toBe(200);
    const delPatient = (caller: Caller) =>
      call(removePatient, {
        method: "DELETE",
        headers: caller.headers,
        params: ids(patient.id),
        body: { reason: "Withdrawn consent" },
      });

    for (const caller of [pi, admin]) {
      const refused = await delPatient(caller);
      expect(refused.status).toBe(423);
      expect(refused.json.detail).toBe(
        "The patient's visit 2 is locked: a principal investigator must unlock it before the patient can be deleted",
      );
    }
    const kept = await call(getOne, { headers: admin.headers, params: ids(second.id) });
    expect(kept.status).toBe(200);
    expect(kept.json.is_locked).toBe(true);
    expect((await call(getPatient, { headers: pi.headers, params: ids(patient.id) })).status).toBe(200);
    expect((await auditRowsFor("patient", patient.id)).map((r) => r.action)).not.toContain("delete");

    // Unlocked, the patient can go (and its visits with it).
    expect((await unlock(pi, second.id, { reason: "Consent withdrawn: patient to be removed" })).status).toBe(
      200,
    );
    expect((await delPatient(pi)).status).toBe(204);
    expect((await call(getOne, { headers: admin.headers, params: ids(second.id) })).status).toBe(404);
  });
});
