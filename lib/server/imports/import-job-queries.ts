import "server-only";
import { and, asc, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { importIssues, importJobs, users } from "@/db/schema";
import type { ImportIssue } from "@/lib/imports/import-records";
import {
  ISSUES_IN_ANSWER,
  type ImportCounts,
  type ImportIssueResponse,
  type ImportJobResponse,
} from "@/lib/schemas/import-jobs";

export type ImportJobRow = typeof importJobs.$inferSelect;

/** A running job's heartbeat is written at least this often (each batch, and by a timer). */
export const IMPORT_HEARTBEAT_MS = 2_000;
/** A 'running' job whose heartbeat is older than this lost its process. */
export const IMPORT_STALE_AFTER_MS = 60_000;

export async function insertImportJob(
  tx: Queryable,
  values: typeof importJobs.$inferInsert,
): Promise<ImportJobRow> {
  const [row] = await tx.insert(importJobs).values(values).returning();
  return row!;
}

export async function findImportJob(
  tx: Queryable,
  studyId: number,
  jobId: number,
): Promise<(ImportJobRow & { createdByEmail: string | null }) | null> {
  const [row] = await tx
    .select({ job: importJobs, email: users.email })
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.createdBy))
    .where(and(eq(importJobs.id, jobId), eq(importJobs.studyId, studyId)));
  return row ? { ...row.job, createdByEmail: row.email } : null;
}

export async function listImportJobs(tx: Queryable, studyId: number, limit: number) {
  const rows = await tx
    .select({ job: importJobs, email: users.email })
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.createdBy))
    .where(eq(importJobs.studyId, studyId))
    .orderBy(desc(importJobs.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.job, createdByEmail: row.email }));
}

export async function firstIssues(tx: Queryable, jobId: number, limit = ISSUES_IN_ANSWER) {
  return tx
    .select()
    .from(importIssues)
    .where(eq(importIssues.jobId, jobId))
    .orderBy(asc(importIssues.seq))
    .limit(limit);
}

/** A page of a job's issues after `afterSeq`, for the CSV of issues (streamed page by page). */
export async function issuesAfter(tx: Queryable, jobId: number, afterSeq: number, limit: number) {
  return tx
    .select()
    .from(importIssues)
    .where(and(eq(importIssues.jobId, jobId), sql`${importIssues.seq} > ${afterSeq}`))
    .orderBy(asc(importIssues.seq))
    .limit(limit);
}

export async function appendIssues(tx: Queryable, jobId: number, firstSeq: number, issues: ImportIssue[]) {
  if (issues.length === 0) return;
  await tx.insert(importIssues).values(
    issues.map((issue, index) => ({
      jobId,
      seq: firstSeq + index,
      row: issue.row,
      column: issue.column,
      field: issue.field,
      code: issue.code,
      message: issue.message,
      blocking: issue.blocking,
    })),
  );
}

/** The report of `fromJobId` becomes `toJobId`'s too (an apply that takes its preview's check). */
export async function copyIssues(tx: Queryable, fromJobId: number, toJobId: number) {
  await tx.execute(sql`
    insert into import_issues (job_id, seq, "row", "column", field, code, message, blocking)
    select ${toJobId}, seq, "row", "column", field, code, message, blocking
    from import_issues where job_id = ${fromJobId}`);
}

export async function clearIssues(tx: Queryable, jobId: number) {
  await tx.delete(importIssues).where(eq(importIssues.jobId, jobId));
}

export async function updateImportJob(
  tx: Queryable,
  jobId: number,
  values: Partial<typeof importJobs.$inferInsert>,
): Promise<void> {
  await tx.update(importJobs).set(values).where(eq(importJobs.id, jobId));
}

/**
 * Claims the jobs no process runs: queued or running with a stale heartbeat, and interrupted ones.
 * The claim is one statement, so of two servers starting together only one takes a job.
 */
export async function claimOrphanedJobs(
  tx: Queryable,
  now: Date,
  { sole }: { sole: boolean },
): Promise<ImportJobRow[]> {
  // The only process of the database: nothing else can be running a job, however recent its heartbeat.
  const stale = sole ? now : new Date(now.getTime() - IMPORT_STALE_AFTER_MS);
  return tx
    .update(importJobs)
    .set({ state: "running", heartbeatAt: now, error: null })
    .where(
      or(
        eq(importJobs.state, "interrupted"),
        // A queued job has no heartbeat until a process claims it: its age counts from its creation.
        and(
          inArray(importJobs.state, ["queued", "running"]),
          lte(sql`coalesce(${importJobs.heartbeatAt}, ${importJobs.createdAt})`, stale),
        ),
      ),
    )
    .returning();
}

/** Claims one job for this process (queued, or given up by its process). */
export async function claimJob(tx: Queryable, jobId: number, now: Date): Promise<ImportJobRow | null> {
  const [row] = await tx
    .update(importJobs)
    .set({ state: "running", heartbeatAt: now, startedAt: sql`coalesce(${importJobs.startedAt}, ${now})` })
    .where(and(eq(importJobs.id, jobId), inArray(importJobs.state, ["queued", "interrupted"])))
    .returning();
  return row ?? null;
}

export function toIssueResponse(
  row: typeof importIssues.$inferSelect,
  words: (text: string) => string,
): ImportIssueResponse {
  return {
    row: row.row,
    column: row.column,
    field: row.field,
    code: row.code,
    message: words(row.message),
    blocking: row.blocking,
  };
}

export function toJobResponse(
  row: ImportJobRow & { createdByEmail: string | null },
  issues: ImportIssueResponse[],
  now: Date,
): ImportJobResponse {
  const counts: ImportCounts = row.counts;
  const seconds = row.startedAt ? ((row.finishedAt ?? now).getTime() - row.startedAt.getTime()) / 1000 : 0;
  const rate = seconds > 0 && row.rowsDone > 0 ? row.rowsDone / seconds : null;
  // An apply reads its file twice (check, then write): each pass is half of its way; once when it
  // took its preview's check.
  const read = row.fileBytes > 0 ? Math.min(1, row.bytesDone / row.fileBytes) : 0;
  const progress =
    row.mode === "apply"
      ? row.state === "applied"
        ? 1
        : row.checkReused
          ? read
          : (row.phase === "write" ? 0.5 : 0) + read / 2
      : row.state === "previewed"
        ? 1
        : read;
  const running = row.state === "running";
  // Bytes left at the bytes-per-second so far: rows differ in length, bytes are what is left.
  const eta =
    running && progress > 0 && seconds > 0 ? Math.round((seconds * (1 - progress)) / progress) : null;
  return {
    id: row.id,
    study_id: row.studyId,
    format: row.format,
    mode: row.mode,
    state: row.state,
    file_name: row.fileName,
    file_sha256: row.fileSha256,
    file_bytes: row.fileBytes,
    preview_job_id: row.previewJobId,
    check_reused: row.checkReused,
    created_by: row.createdBy,
    created_by_email: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    rows_done: row.rowsDone,
    rows_per_second: rate === null ? null : Math.round(rate),
    eta_seconds: eta,
    progress,
    counts,
    events: row.events ?? [],
    ignored_columns: row.ignoredColumns ?? [],
    issues,
    error: row.error,
  };
}
