import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs, auditVerificationJobs } from "@/db/schema";
import type { ChainVerificationJob, ChainVerificationParams } from "@/lib/schemas/audit-logs";
import { notFound } from "../api/errors";
import { logError } from "../api/log";
import { outsideRequest } from "../api/request-context";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { recordAudit } from "../audit/audit-writer";
import { verifyAuditChain } from "../audit/verify-chain";
import { requireAuditRead } from "./trail-filters";

/** Findings kept per run: the first ones name the case; the CLI prints them all. */
const MAX_FINDINGS = 20;
/** A running job's progress and heartbeat are written this often. */
export const HEARTBEAT_MS = 2_000;
/** A 'running' job whose heartbeat is older than this lost its process: it is 'interrupted'. */
export const STALE_AFTER_MS = 60_000;
const INTERRUPTED =
  "The server running this verification stopped before it finished (restart or crash); start it again.";

type JobRow = typeof auditVerificationJobs.$inferSelect;

/** The jobs this process runs, per database handle (closeDb marks them interrupted). */
const holder = globalThis as unknown as { __registryVerificationRuns?: WeakMap<Db, Set<string>> };
const runsOf = (db: Db) => {
  const runs = (holder.__registryVerificationRuns ??= new WeakMap());
  let set = runs.get(db);
  if (!set) runs.set(db, (set = new Set()));
  return set;
};

function toJob(row: JobRow): ChainVerificationJob {
  return {
    id: row.id,
    state: row.state,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    total_rows: row.totalRows,
    rows_checked: row.rowsChecked,
    ok: row.ok,
    first_broken_row_id: row.firstBrokenRowId,
    findings: row.findings,
    error: row.error,
  };
}

/** Runs whose process is gone (no heartbeat for STALE_AFTER_MS) are stored as 'interrupted'. */
async function interruptStaleJobs(db: Db): Promise<void> {
  await db
    .update(auditVerificationJobs)
    .set({ state: "interrupted", finishedAt: auditVerificationJobs.heartbeatAt, error: INTERRUPTED })
    .where(
      and(
        eq(auditVerificationJobs.state, "running"),
        lt(auditVerificationJobs.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`),
      ),
    );
}

/**
 * Chain verification for the admin screen, run in the background of this server process: the
 * request that starts it answers at once with the job's id, and the page polls its progress. Jobs
 * are rows (audit_verification_jobs), so a run and its result survive a restart and are seen by
 * every server; one run at a time (a unique index): starting while one runs returns the running one.
 */
export async function startChainVerification(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
): Promise<ChainVerificationJob> {
  requireAuditRead(actor);
  await interruptStaleJobs(db);
  const [rows] = await db.select({ n: count() }).from(auditLogs);
  // The running job a conflict names may finish before it is read: then start again. A few tries
  // suffice (each loses only to a run that ended in between); past them something else is wrong.
  let created: typeof auditVerificationJobs.$inferSelect | undefined;
  for (let attempt = 0; !created; attempt++) {
    const now = new Date();
    [created] = await db
      .insert(auditVerificationJobs)
      .values({
        id: randomUUID(),
        state: "running",
        startedBy: actor.userId,
        startedAt: now,
        heartbeatAt: now,
        totalRows: rows?.n ?? 0,
      })
      .onConflictDoNothing()
      .returning();
    if (created) break;
    const [running] = await db
      .select()
      .from(auditVerificationJobs)
      .where(eq(auditVerificationJobs.state, "running"));
    if (running) return toJob(running);
    if (attempt === 2) throw new Error("A verification job was neither created nor found running");
  }
  // Who checked the trail, and when, is part of the trail.
  await recordAudit(db, {
    action: "view",
    entityType: "audit_chain",
    entityId: created.id,
    actor: { userId: actor.userId, email: actor.email },
    meta,
    reason: "Chain verification started",
  });
  runsOf(db).add(created.id);
  void outsideRequest(() => run(db, created.id));
  return toJob(created);
}

async function run(db: Db, id: string): Promise<void> {
  let walked = 0;
  const stillRunning = and(eq(auditVerificationJobs.id, id), eq(auditVerificationJobs.state, "running"));
  const beat = () =>
    db
      .update(auditVerificationJobs)
      .set({ rowsChecked: walked, heartbeatAt: new Date() })
      .where(stillRunning)
      .catch((error: unknown) => logError("Could not record a verification's progress", error));
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const report = await verifyAuditChain(db, {
      onProgress: (rows) => {
        walked = rows;
      },
    });
    const broken = report.findings.map((f) => f.rowId).filter((r): r is number => r !== undefined);
    await db
      .update(auditVerificationJobs)
      .set({
        state: "done",
        finishedAt: new Date(),
        heartbeatAt: new Date(),
        rowsChecked: report.checked,
        totalRows: sql`greatest(${auditVerificationJobs.totalRows}, ${report.checked})`,
        ok: report.ok,
        firstBrokenRowId: broken.length > 0 ? Math.min(...broken) : null,
        findings: report.findings
          .slice(0, MAX_FINDINGS)
          .map((f) => ({ kind: f.kind, row_id: f.rowId ?? null, message: f.message })),
      })
      .where(stillRunning);
  } catch (error) {
    logError("Audit chain verification failed", error);
    await db
      .update(auditVerificationJobs)
      .set({
        state: "failed",
        finishedAt: new Date(),
        error: "The verification could not finish; see the server log.",
      })
      .where(stillRunning)
      .catch((writeError: unknown) => logError("Could not record a failed verification", writeError));
  } finally {
    clearInterval(heartbeat);
    runsOf(db).delete(id);
  }
}

/** At closeDb: the runs of this process will not finish; say so now rather than after a minute. */
export async function interruptOwnVerifications(db: Db): Promise<void> {
  const own = [...runsOf(db)];
  if (own.length === 0) return;
  await db
    .update(auditVerificationJobs)
    .set({ state: "interrupted", finishedAt: new Date(), error: INTERRUPTED })
    .where(and(inArray(auditVerificationJobs.id, own), eq(auditVerificationJobs.state, "running")));
}

export async function chainVerificationStatus(
  db: Db,
  actor: Actor,
  params: ChainVerificationParams,
): Promise<ChainVerificationJob> {
  requireAuditRead(actor);
  await interruptStaleJobs(db);
  const [row] = await db
    .select()
    .from(auditVerificationJobs)
    .where(eq(auditVerificationJobs.id, params.jobId));
  if (!row) throw notFound(messageRef("api.audit.jobNotFound"));
  return toJob(row);
}
