import { beforeAll, describe, expect, it } from "vitest";
import { GET as trailRoute } from "@/app/api/admin/audit-logs/entity/[type]/[id]/route";
import { PUT as updatePatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { PUT as updateVisit } from "@/app/api/visits/[id]/route";
import { POST as lockRoute } from "@/app/api/visits/[id]/lock/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { and, eq } from "drizzle-orm";
import { auditLogs, users } from "@/db/schema";
import { flushDenials } from "@/lib/server/audit/denial-aggregator";
import { call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let admin: Caller;
let pi: Caller;
let medicoA: Caller;
let medicoB: Caller;
let studyId: number;
let seq = 0;

type Trail = {
  items: { action: string; entity_type: string; entity_id: string; reason: string | null }[];
  total: number;
};

const trail = (caller: Caller, type: string, id: number | string, query = "") =>
  call(trailRoute, {
    headers: caller.headers,
    path: `/api/admin/audit-logs/entity/${type}/${id}${query}`,
    params: { type, id: String(id) },
  });

async function newPatient(caller: Caller) {
  const res = await call(createPatient, {
    method: "POST",
    headers: caller.headers,
    body: patientBody(studyId, `T-${++seq}`),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

async function newVisit(caller: Caller, patientId: number, visitNumber: number) {
  const res = await call(createVisit, {
    method: "POST",
    headers: caller.headers,
    body: {
      patient_id: patientId,
      visit_number: visitNumber,
      visit_date: "2024-01-10",
      visit_type: visitNumber === 1 ? "baseline" : "week_12",
      data_fields: {
        current_therapy: "adalimumab",
        pasi_score: 12,
        adverse_event: false,
        ...(visitNumber > 1 ? { therapy_switch: { is_continuing_therapy: true } } : {}),
      },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; version: number };
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  pi = await memberOf(studyId, "principal_investigator");
  medicoA = await memberOf(studyId, "medico");
  medicoB = await memberOf(studyId, "medico");
});

describe("GET /api/admin/audit-logs/entity/patient/{id}", () => {
  it("lists the patient's rows and its visits' rows, newest first, with reasons", async () => {
    const patient = await newPatient(pi);
    const visit = await newVisit(pi, patient.id, 1);
    const put = await call(updateVisit, {
      method: "PUT",
      headers: pi.headers,
      params: { id: String(visit.id) },
      body: { version: visit.version, reason: "Transcription error", data_fields: { pasi_score: 14 } },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(
      (await call(lockRoute, { method: "POST", headers: pi.headers, params: { id: String(visit.id) } }))
        .status,
    ).toBe(200);

    const res = await trail(pi, "patient", patient.id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const body = res.json as unknown as Trail;
    const summary = body.items.map((r) => `${r.entity_type}:${r.action}`);
    expect(summary).toEqual(["visit:lock", "visit:update", "visit:create", "patient:create"]);
    expect(body.total).toBe(4);
    expect(body.items[1]!.reason).toBe("Transcription error");
    expect(body.items.every((r) => ["patient", "visit"].includes(r.entity_type))).toBe(true);
  });

  it("leaves out rows of other patients and their visits", async () => {
    const mine = await newPatient(pi);
    const other = await newPatient(pi);
    await newVisit(pi, other.id, 1);
    const body = (await trail(pi, "patient", mine.id)).json as unknown as Trail;
    expect(body.items.map((r) => `${r.entity_type}:${r.entity_id}`)).toEqual([`patient:${mine.id}`]);
  });

  it("pages with limit and offset and says the total", async () => {
    const patient = await newPatient(pi);
    await newVisit(pi, patient.id, 1);
    await newVisit(pi, patient.id, 2);
    const first = (await trail(pi, "patient", patient.id, "?limit=2")).json as unknown as Trail;
    const rest = (await trail(pi, "patient", patient.id, "?limit=2&offset=2")).json as unknown as Trail;
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(rest.items.map((r) => r.action)).toEqual(["create"]);
    expect(rest.items[0]!.entity_type).toBe("patient");
  });

  it("answers 404 to a medico for another medico's patient, the same as for a missing one", async () => {
    const patient = await newPatient(medicoA);
    expect((await trail(medicoA, "patient", patient.id)).status).toBe(200);
    const denied = await trail(medicoB, "patient", patient.id);
    expect(denied.status).toBe(404);
    expect(denied.json.detail).toBe("Patient not found");
    const missing = await trail(medicoB, "patient", 2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe("Patient not found");
  });

  it("shows a medico authors by name, without refused accesses, emails or addresses", async () => {
    const patient = await newPatient(medicoA);
    // Another medico's refused read and edit are audited against this patient (access_denied rows).
    expect((await trail(medicoB, "patient", patient.id)).status).toBe(404);
    const refused = await call(updatePatient, {
      method: "PUT",
      headers: { ...medicoB.headers, "x-forwarded-for": "203.0.113.9" },
      params: { id: String(patient.id) },
      body: { version: 1, reason: "probing", sex: "M" },
    });
    expect(refused.status).toBe(404);
    const db = await getDb();
    await flushDenials(db);
    const denials = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(patient.id)), eq(auditLogs.action, "access_denied")));
    expect(denials.length).toBeGreaterThan(0);

    const res = await trail(medicoA, "patient", patient.id);
    expect(res.status).toBe(200);
    const body = res.json as unknown as { items: Record<string, unknown>[] };
    expect(body.items.map((r) => r.action)).toEqual(["create"]);
    const [author] = await db.select().from(users).where(eq(users.id, medicoA.userId));
    expect(body.items[0]).toMatchObject({ user_id: medicoA.userId, user_name: author!.fullName });
    for (const item of body.items) {
      expect(item).not.toHaveProperty("user_email");
      expect(item).not.toHaveProperty("ip_address");
    }
    const text = JSON.stringify(res.json);
    expect(text).not.toContain("@");
    expect(text).not.toContain("203.0.113.9");
    expect(text).not.toContain("access_denied");
  });

  it("lets a platform admin read any patient's trail, and a user outside the study none", async () => {
    const patient = await newPatient(medicoA);
    expect((await trail(admin, "patient", patient.id)).status).toBe(200);
    const outsider = await callerFor();
    expect((await trail(outsider, "patient", patient.id)).status).toBe(404);
  });

  it("writes no audit row for reading the trail", async () => {
    const patient = await newPatient(pi);
    const db = await getDb();
    const before = (await db.select({ id: auditLogs.id }).from(auditLogs)).length;
    expect((await trail(pi, "patient", patient.id)).status).toBe(200);
    const after = (await db.select({ id: auditLogs.id }).from(auditLogs)).length;
    expect(after).toBe(before);
  });

  it("answers 422 for an unknown entity type or a bad limit, 401 without a session", async () => {
    const patient = await newPatient(pi);
    const badType = await trail(pi, "study", patient.id);
    expect(badType.status).toBe(422);
    expect(JSON.stringify(badType.json.detail)).toContain("entity type must be one of: patient");
    expect((await trail(pi, "patient", patient.id, "?limit=0")).status).toBe(422);
    expect((await trail(pi, "patient", patient.id, "?limit=501")).status).toBe(422);
    expect((await trail(pi, "patient", "abc")).status).toBe(422);
    const anonymous = await call(trailRoute, { params: { type: "patient", id: String(patient.id) } });
    expect(anonymous.status).toBe(401);
  });
});
