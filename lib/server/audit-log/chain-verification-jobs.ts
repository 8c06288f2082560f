import "server-only";
import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import type { ChainVerificationJob, ChainVerificationParams } from "@/lib/schemas/audit-logs";
import { notFound } from "../api/errors";
import { logError } from "../api/log";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { recordAudit } from "../audit/audit-writer";
import { verifyAuditChain } from "../audit/verify-chain";
import { requireAuditRead } from "./trail-filters";

/** Finished runs kept for polling; older ones are forgotten (a new run is one click away). */
const KEPT_JOBS = 10;
/** Findings returned per run: the first ones name the case; the CLI prints them all. */
const MAX_FINDINGS = 20;

/**
 * Chain verification for the admin screen, run in the background of this server process: the
 * request that starts it answers at once with the job's id, and the page polls its progress. Jobs
 * live in this process's memory (lost on restart; with several servers behind a balancer the poll
 * must reach the same one) and one run at a time: starting while one runs returns the running one.
 */
const registry: { jobs: Map<string, ChainVerificationJob>; running: string | null } = ((
  globalThis as {
    __chainVerificationJobs?: { jobs: Map<string, ChainVerificationJob>; running: string | null };
  }
).__chainVerificationJobs ??= { jobs: new Map(), running: null });

export async function startChainVerification(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
): Promise<ChainVerificationJob> {
  requireAuditRead(actor);
  if (registry.running) return registry.jobs.get(registry.running)!;
  const [rows] = await db.select({ n: count() }).from(auditLogs);
  const job: ChainVerificationJob = {
    id: randomUUID(),
    state: "running",
    started_at: new Date().toISOString(),
    finished_at: null,
    total_rows: rows?.n ?? 0,
    rows_checked: 0,
    ok: null,
    first_broken_row_id: null,
    findings: [],
    error: null,
  };
  // Who checked the trail, and when, is part of the trail.
  await recordAudit(db, {
    action: "view",
    entityType: "audit_chain",
    entityId: job.id,
    actor: { userId: actor.userId, email: actor.email },
    meta,
    reason: "Chain verification started",
  });
  registry.jobs.set(job.id, job);
  registry.running = job.id;
  forgetOldJobs();
  void run(db, job);
  return { ...job };
}

async function run(db: Db, job: ChainVerificationJob) {
  try {
    const report = await verifyAuditChain(db, {
      onProgress: (walked) => {
        job.rows_checked = walked;
      },
    });
    job.rows_checked = report.checked;
    job.total_rows = Math.max(job.total_rows, report.checked);
    job.ok = report.ok;
    job.findings = report.findings.slice(0, MAX_FINDINGS).map((f) => ({
      kind: f.kind,
      row_id: f.rowId ?? null,
      message: f.message,
    }));
    const broken = report.findings.map((f) => f.rowId).filter((id): id is number => id !== undefined);
    job.first_broken_row_id = broken.length > 0 ? Math.min(...broken) : null;
    job.state = "done";
  } catch (error) {
    logError("Audit chain verification failed", error);
    job.state = "failed";
    job.error = "The verification could not finish; see the server log.";
  } finally {
    job.finished_at = new Date().toISOString();
    registry.running = null;
  }
}

function forgetOldJobs() {
  const finished = [...registry.jobs.values()].filter((j) => j.state !== "running");
  for (const job of finished.slice(0, Math.max(0, finished.length - KEPT_JOBS))) registry.jobs.delete(job.id);
}

export function chainVerificationStatus(actor: Actor, params: ChainVerificationParams): ChainVerificationJob {
  requireAuditRead(actor);
  const job = registry.jobs.get(params.jobId);
  if (!job) throw notFound("Verification job not found (finished runs are kept for a while only)");
  return { ...job, findings: [...job.findings] };
}
