/**
 * A running server that finds its audit trail broken (docs/decisions/0018): it signs no checkpoint,
 * health says so, clinical writes fail closed with 503 and a detail, and a truncated trail never
 * gets a new chain from zero. The tampering is what a database owner could do by hand (triggers
 * disabled), as in the other audit tests.
 */
import { count, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as getPatient, PUT as updatePatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { recordAudit } from "@/lib/server/audit/audit-writer";
import { acknowledgeTrailBreak } from "@/lib/server/audit/acknowledge-break";
import { checkpointAuditHead, flushAuditCheckpoints } from "@/lib/server/audit/checkpointer";
import { reportTrailIntact, trailBreak } from "@/lib/server/audit/trail-integrity";
import { call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";
import { anotherInstance, appendAuditRows, withAuditTriggersDisabled } from "./audit-helpers";

let medico: Caller;
let patient: { id: number; version: number };

const edit = (version: number) =>
  call(updatePatient, {
    method: "PUT",
    headers: medico.headers,
    params: { id: String(patient.id) },
    body: { version, reason: "correction", height_cm: 171 },
  });

async function rowCount() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(auditLogs);
  return row?.n ?? 0;
}

/** The checkpointer's complaint is logged loudly; the tests read it from the outcome instead. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return await fn();
  } finally {
    errors.mockRestore();
  }
}

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  const study = await createStudy(admin);
  medico = await memberOf(study.id, "medico");
  const res = await call(createPatient, {
    method: "POST",
    headers: medico.headers,
    body: patientBody(study.id, "BROKEN-1"),
  });
  expect(res.status).toBe(201);
  patient = res.json as { id: number; version: number };
  await appendAuditRows(5, "before the break");
  const db = await getDb();
  expect((await checkpointAuditHead(db, "commits")).written).not.toBeNull();
});

describe("a trail whose first rows were deleted", () => {
  it("is refused a checkpoint, reported by health, and clinical writes answer 503 with a detail", async () => {
    const db = await getDb();
    expect(trailBreak()).toBeNull();
    expect((await call(health)).json).toEqual({ status: "ok", audit_trail: "intact" });

    await withAuditTriggersDisabled(
      sql`DELETE FROM audit_logs WHERE id IN (SELECT id FROM audit_logs ORDER BY id LIMIT 2)`,
    );
    // Later rows chain on from the head as before: only the start and the count betray it.
    await appendAuditRows(1, "after the deletion");
    const outcome = await quietly(() => checkpointAuditHead(db, "commits"));
    expect(outcome.written).toBeNull();
    expect(outcome.findings.map((f) => f.kind)).toEqual(["deleted-rows"]);
    expect(outcome.findings[0]!.message).toContain("the first row, does not start the chain");

    expect(trailBreak()).toMatchObject({ findings: outcome.findings });
    expect((await call(health)).json).toEqual({ status: "degraded", audit_trail: "broken" });

    const before = await rowCount();
    const refused = await edit(patient.version);
    expect(refused.status).toBe(503);
    expect(String(refused.json.detail)).toContain("The audit trail is broken");
    expect(String(refused.json.detail)).toContain("does not start the chain");
    expect(await rowCount()).toBe(before);
    // Reads go on.
    const read = await call(getPatient, { headers: medico.headers, params: { id: String(patient.id) } });
    expect(read.status).toBe(200);
  });

  it("is also caught when rows before the newest checkpoint go but the first one stays", async () => {
    const db = await getDb();
    reportTrailIntact();
    // A fresh checkpointer (another process) over the damaged table, with a clean slate: the
    // newest checkpoint still counts the rows deleted above.
    const outcome = await quietly(() => checkpointAuditHead(anotherInstance(db), "start-up"));
    expect(outcome.written).toBeNull();
    expect(outcome.findings.length).toBeGreaterThan(0);
    expect(trailBreak()).not.toBeNull();
  });
});

describe("a truncated trail", () => {
  it("gets no new chain from zero, from this process or a fresh one, and no checkpoint", async () => {
    const db = await getDb();
    reportTrailIntact();
    // Emptied (a DELETE of every row: the TRUNCATE trigger is a separate one).
    await withAuditTriggersDisabled(sql`DELETE FROM audit_logs`);

    // This process wrote rows: an empty table is a truncation.
    await expect(
      recordAudit(db, { action: "update", entityType: "patient", entityId: 1, reason: "after truncate" }),
    ).rejects.toMatchObject({ status: 503, name: "AuditTrailTruncatedError" });
    expect(await rowCount()).toBe(0);
    expect(trailBreak()?.findings[0]?.kind).toBe("truncated");

    // A process started after the truncation knows it from the checkpoint that counted rows.
    reportTrailIntact();
    const fresh = anotherInstance(db);
    await expect(
      recordAudit(fresh, { action: "update", entityType: "patient", entityId: 1, reason: "fresh start" }),
    ).rejects.toMatchObject({ status: 503 });
    expect(await rowCount()).toBe(0);
    expect(trailBreak()).not.toBeNull();

    const outcome = await quietly(() => checkpointAuditHead(db, "commits"));
    expect(outcome.written).toBeNull();
    expect(outcome.findings.map((f) => f.kind)).toEqual(["truncated"]);
    await quietly(() => flushAuditCheckpoints(db));

    // Clinical writes fail closed with the detail.
    const refused = await edit(patient.version);
    expect(refused.status).toBe(503);
    expect(await rowCount()).toBe(0);
  });

  it("accepts clinical writes again once an operator acknowledged the break", async () => {
    const db = await getDb();
    const acknowledged = await acknowledgeTrailBreak(db, {
      reason: "no backup of the lost rows",
      operator: "ops",
    });
    expect(acknowledged?.checkpoint).toMatchObject({ reason: "acknowledged", rows: 1 });
    expect(acknowledged?.findings.length).toBeGreaterThan(0);
    const [row] = await db.select().from(auditLogs);
    expect(row).toMatchObject({ action: "sign", entityType: "audit_chain" });
    expect(row!.reason).toContain("acknowledged by ops: no backup of the lost rows");

    // A restarted server: a fresh checkpointer reads the acknowledgement and finds the trail intact.
    const restarted = anotherInstance(db);
    expect((await checkpointAuditHead(restarted, "start-up")).findings).toEqual([]);
    expect(trailBreak()).toBeNull();
    expect((await call(health)).json).toEqual({ status: "ok", audit_trail: "intact" });
    const read = await call(getPatient, { headers: medico.headers, params: { id: String(patient.id) } });
    const accepted = await edit((read.json as { version: number }).version);
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    // And the chain goes on from the acknowledgement: the next check passes too, also in the
    // process that saw the break (it reads the log again after a failed check).
    expect((await checkpointAuditHead(restarted, "commits")).findings).toEqual([]);
    expect((await checkpointAuditHead(db, "commits")).findings).toEqual([]);
    expect(trailBreak()).toBeNull();
  });
});
