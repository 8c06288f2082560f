import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as trailRoute } from "@/app/api/admin/audit-logs/entity/[type]/[id]/route";
import { GET as listRoute } from "@/app/api/admin/audit-logs/route";
import { PUT as moveGroup } from "@/app/api/patients/[id]/medical-group/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { PUT as updateVisit } from "@/app/api/visits/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { auditedTransaction } from "@/lib/server/audit/audit-writer";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";
import type { ReadableAudit } from "@/lib/schemas/readable-audit";
import { call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

/**
 * The readable clinical trail (docs/decisions/0026): a visit edit reads 'Visit 1 (Baseline): PASI
 * 20 → 18' with its reason and the recalculations it caused beneath it, on the patient trail and on
 * the admin Audit Logs page; rows written before the link are grouped by their transaction.
 */
let admin: Caller;
let pi: Caller;
let studyId: number;
let seq = 0;

type Item = {
  id: number;
  action: string;
  entity_type: string;
  entity_id: string;
  reason: string | null;
  readable: ReadableAudit | null;
};

const trail = async (caller: Caller, patientId: number, headers: Record<string, string> = {}) => {
  const res = await call(trailRoute, {
    headers: { ...caller.headers, ...headers },
    path: `/api/admin/audit-logs/entity/patient/${patientId}`,
    params: { type: "patient", id: String(patientId) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as { items: Item[]; total: number };
};

async function visit(patientId: number, number: number, type: string, pasi: number) {
  const res = await call(createVisit, {
    method: "POST",
    headers: pi.headers,
    body: {
      patient_id: patientId,
      visit_number: number,
      visit_date: `2024-0${number}-10`,
      visit_type: type,
      data_fields: {
        current_therapy: "adalimumab",
        pasi_score: pasi,
        adverse_event: false,
        ...(number > 1 ? { therapy_switch: { is_continuing_therapy: true } } : {}),
      },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; version: number };
}

/** A patient with a baseline (PASI 20) and a week-12 visit (PASI 10), then the baseline edited to 18. */
async function editedBaseline() {
  const created = await call(createPatient, {
    method: "POST",
    headers: pi.headers,
    body: patientBody(studyId, `R-${++seq}`),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const patientId = (created.json as { id: number }).id;
  const baseline = await visit(patientId, 1, "baseline", 20);
  const followUp = await visit(patientId, 2, "week_12", 10);
  const put = await call(updateVisit, {
    method: "PUT",
    headers: pi.headers,
    params: { id: String(baseline.id) },
    body: { version: baseline.version, reason: "Source document re-read", data_fields: { pasi_score: 18 } },
  });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  return { patientId, baseline, followUp };
}

const baselineSubject = {
  kind: "visit",
  patient_code: null,
  visit_number: 1,
  visit_type: "baseline",
  visit_type_label: "Baseline",
};

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  pi = await memberOf(studyId, "principal_investigator");
});

describe("the patient trail of a visit edit", () => {
  it("is one entry: the visit by number and type, PASI 20 → 18, the reason, the recalculation beneath", async () => {
    const { patientId, followUp } = await editedBaseline();
    const body = await trail(pi, patientId);
    // Five rows (patient, two visits, the edit, the follow-up's recalculation), four entries.
    expect(body.total).toBe(5);
    expect(body.items.map((i) => `${i.entity_type}:${i.action}`)).toEqual([
      "visit:update",
      "visit:create",
      "visit:create",
      "patient:create",
    ]);
    const edit = body.items[0]!;
    expect(edit.reason).toBe("Source document re-read");
    expect(edit.readable!.subject).toEqual(baselineSubject);
    expect(edit.readable!.changes).toEqual([
      { field: "pasi_score", label: "PASI", old_text: "20", new_text: "18", old: 20, new: 18 },
    ]);
    // Its own calculated values first (PASI as % of the maximum), then the follow-up's.
    const [own, recalc] = edit.readable!.recalculations;
    expect(own).toMatchObject({
      entry_id: edit.id,
      subject: baselineSubject,
      changes: [
        { field: "pasi_percent_of_max", label: "PASI (% of maximum)", old_text: "27.8", new_text: "25" },
      ],
    });
    expect(recalc!.subject).toMatchObject({
      visit_number: 2,
      visit_type: "week_12",
      visit_type_label: "Week 12",
    });
    expect(recalc!.entry_id).not.toBe(edit.id);
    expect(recalc!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "pasi_improvement", label: "PASI improvement (%)", old_text: "50" }),
      ]),
    );
    const improvement = recalc!.changes.find((c) => c.field === "pasi_improvement")!;
    expect(improvement.new).toBeCloseTo(44.444, 2);
    expect(improvement.new_text).toBe("44.444");
    expect(edit.readable!.recalculations).toHaveLength(2);
    // The follow-up's own creation names it too, never by its id.
    const created = body.items[1]!;
    expect(created.entity_id).toBe(String(followUp.id));
    expect(created.readable!.subject).toMatchObject({ visit_number: 2, visit_type_label: "Week 12" });
    expect(created.readable!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: "current_therapy",
          label: "Current biologic",
          new_text: "Adalimumab",
        }),
        expect.objectContaining({ field: "visit_date", label: "Visit date", new_text: "Feb 10, 2024" }),
      ]),
    );
    expect(JSON.stringify(created.readable)).not.toContain(`#${followUp.id}`);
  });

  it("reads in the reader's language: Italian labels, decimal comma, dates the Italian way", async () => {
    const { patientId } = await editedBaseline();
    const body = await trail(pi, patientId, { "accept-language": "it" });
    const edit = body.items[0]!;
    const improvement = edit.readable!.recalculations[1]!.changes.find(
      (c) => c.field === "pasi_improvement",
    )!;
    expect(improvement.new_text).toBe("44,444");
    const created = body.items[1]!;
    expect(created.readable!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "visit_date", label: "Data visita", new_text: "10 feb 2024" }),
      ]),
    );
  });

  it("writes the recalculation as its own row linked to the change, without a reason of its own", async () => {
    const { baseline, followUp } = await editedBaseline();
    const db = await getDb();
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "visit"), eq(auditLogs.entityId, String(followUp.id))));
    const recalc = rows.find((r) => r.action === "update")!;
    expect(recalc.reason).toBeNull();
    expect(recalc.newValues!.recalculated_after).toEqual({
      entity_type: "visit",
      entity_id: String(baseline.id),
    });
    const cause = (
      await db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, "visit"), eq(auditLogs.entityId, String(baseline.id))))
    ).find((r) => r.action === "update")!;
    // One transaction: one timestamp; the cause is written first.
    expect(recalc.timestamp.toISOString()).toBe(cause.timestamp.toISOString());
    expect(recalc.id).toBeGreaterThan(cause.id);
    // Nothing rewritten: the chain still verifies.
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it("groups a recalculation written before the link under the change of its transaction", async () => {
    const { patientId, baseline, followUp } = await editedBaseline();
    const db = await getDb();
    // The row format before decision 0026: the cause and a recalculation with an English reason.
    await auditedTransaction(db, async (_tx, audit) => {
      const base = { entityType: "visit", studyId, actor: { userId: pi.userId, email: null } } as const;
      audit({
        ...base,
        action: "update",
        entityId: baseline.id,
        reason: "Older correction",
        oldValues: { data_fields: { pasi_score: 18 } },
        newValues: { data_fields: { pasi_score: 16 } },
      });
      audit({
        ...base,
        action: "update",
        entityId: followUp.id,
        reason: "Calculated values recomputed: baseline visit 1 changed",
        oldValues: { calculated_values: { pasi_improvement: 44.444 } },
        newValues: { calculated_values: { pasi_improvement: 37.5 } },
      });
    });
    const body = await trail(pi, patientId);
    expect(body.total).toBe(7);
    const older = body.items[0]!;
    expect(older.reason).toBe("Older correction");
    expect(older.readable!.changes).toMatchObject([{ label: "PASI", old_text: "18", new_text: "16" }]);
    expect(older.readable!.recalculations).toMatchObject([
      { subject: { visit_number: 2 }, changes: [{ label: "PASI improvement (%)", new_text: "37.5" }] },
    ]);
    expect(body.items.filter((i) => i.action === "update")).toHaveLength(2);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });
});

describe("the admin Audit Logs page", () => {
  it("reads clinical rows the same way, one row each, the recalculation naming its cause", async () => {
    const { patientId, baseline } = await editedBaseline();
    const res = await call(listRoute, {
      headers: admin.headers,
      path: `/api/admin/audit-logs?patient_id=${patientId}`,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { items, total } = res.json as unknown as { items: Item[]; total: number };
    expect(total).toBe(5);
    expect(items).toHaveLength(5);
    const edit = items.find((i) => i.action === "update" && i.entity_id === String(baseline.id))!;
    expect(edit.reason).toBe("Source document re-read");
    expect(edit.readable).toMatchObject({
      subject: baselineSubject,
      changes: [{ label: "PASI", old_text: "20", new_text: "18" }],
    });
    const recalc = items.find((i) => i.action === "update" && i.entity_id !== String(baseline.id))!;
    expect(recalc.readable).toMatchObject({
      subject: { visit_number: 2, visit_type_label: "Week 12" },
      changes: [],
      recalculated_after: baselineSubject,
      recalculations: [
        {
          entry_id: recalc.id,
          changes: expect.arrayContaining([expect.objectContaining({ label: "PASI improvement (%)" })]),
        },
      ],
    });
  });
});

describe("a patient moved between medical groups", () => {
  it("reads the groups by name, with the reason", async () => {
    const grouped = (await createStudy(admin)).id;
    const [north, south] = [await createGroup(grouped, "north"), await createGroup(grouped, "south")];
    const lead = await memberOf(grouped, "principal_investigator");
    const created = await call(createPatient, {
      method: "POST",
      headers: lead.headers,
      body: patientBody(grouped, `G-${++seq}`, { medical_group_id: north.id }),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const patient = created.json as { id: number; version: number; code: string };
    const moved = await call(moveGroup, {
      method: "PUT",
      headers: lead.headers,
      params: { id: String(patient.id) },
      body: { version: patient.version, reason: "Followed at the southern site", medical_group_id: south.id },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const [move] = (await trail(lead, patient.id)).items;
    expect(move!.reason).toBe("Followed at the southern site");
    expect(move!.readable).toMatchObject({
      subject: { kind: "patient", patient_code: patient.code },
      changes: [{ label: "Medical group", old_text: "Group north", new_text: "Group south" }],
    });
  });
});
