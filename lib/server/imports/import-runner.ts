import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { importJobs } from "@/db/schema";
import { createImportReader } from "@/lib/imports/import-reader";
import type { ImportedGroup, ImportIssue } from "@/lib/imports/import-records";
import { messageRef } from "@/lib/i18n/message-ref";
import { EMPTY_IMPORT_COUNTS, type ImportCounts } from "@/lib/schemas/import-jobs";
import { logError, logWarn } from "../api/log";
import { systemClock, type BackgroundClock } from "../background-clock";
import { outsideRequest } from "../api/request-context";
import { openCsvRecords } from "./csv-records";
import { decompressedIfGzip } from "./compressed-import";
import { openImportFile } from "./import-files";
import {
  checkBatch,
  commitWriteBatch,
  prepareWriteBatch,
  writeContext,
  type PreparedBatch,
} from "./import-batch";
import type { GroupOutcome } from "./import-record-attempt";
import {
  appendIssues,
  claimJob,
  claimOrphanedJobs,
  clearIssues,
  IMPORT_HEARTBEAT_MS,
  IMPORT_STALE_AFTER_MS,
  updateImportJob,
  type ImportJobRow,
} from "./import-job-queries";

/**
 * Runs import jobs in the background of this server process (docs/decisions/0037-bulk-import.md).
 * A job reads its file as a stream, patient group by patient group, in batches:
 * - the check pass (every preview, and first of every apply) runs each batch through the form
 *   save's own rules, inside a transaction that is always rolled back: a new patient's records in
 *   memory (new-patient-plan.ts), an existing patient's through the form save's writes; nothing is
 *   written, and the report holds exactly what a write would refuse;
 * - the write pass (an apply with no blocking issue) commits each batch in one audited
 *   transaction together with the job's `resume_after`, so a batch is written whole or not at all
 *   and a job whose process died resumes after its last committed batch;
 * - two batches overlap: while one is written, the next is read and checked or planned before
 *   its own transaction (import-batch.ts), so the job's own work fills the database's waits.
 */

/**
 * Patient groups per batch: one transaction's worth of work. 250 (about 2,500 rows of a study
 * export) measured 6 % faster to apply and 13 % faster to preview than 100 (bench:scale, 100k
 * rows, before batches overlapped); the statements and the commit of each batch cost the same
 * whatever its size.
 */
export const IMPORT_BATCH_GROUPS = 250;

type Pass = { kind: "check" | "write" };

const holder = globalThis as unknown as { __registryImportRuns?: WeakMap<Db, Map<number, Promise<void>>> };
const runsOf = (db: Db) => {
  const runs = (holder.__registryImportRuns ??= new WeakMap());
  let map = runs.get(db);
  if (!map) runs.set(db, (map = new Map()));
  return map;
};
/** Set by closeDb: running jobs stop after their current batch and are left resumable. */
const stopping = new WeakSet<Db>();

/** Starts a queued job in the background of this process. */
export function startImportRun(db: Db, jobId: number): void {
  const runs = runsOf(db);
  if (runs.has(jobId)) return;
  const run = outsideRequest(() => runClaimed(db, jobId))
    .catch((error: unknown) => logError(`Import job ${jobId} could not start`, error))
    .finally(() => runs.delete(jobId));
  runs.set(jobId, run);
}

/**
 * Jobs whose process went away are taken up again (decision 0037): at start-up and then every
 * IMPORT_STALE_AFTER_MS (startImportSweeps). `sole`: this process is the only one that can use the
 * database (the embedded one, held under its lock), so every job still queued or running at its
 * start was left by a process that died, however fresh its heartbeat.
 */
export async function resumeOrphanedImports(
  db: Db,
  { sole = false, now = new Date() }: { sole?: boolean; now?: Date } = {},
): Promise<number[]> {
  const claimed = await claimOrphanedJobs(db, now, { sole });
  for (const job of claimed) {
    const runs = runsOf(db);
    const run = outsideRequest(() => runJob(db, job)).finally(() => runs.delete(job.id));
    runs.set(job.id, run);
  }
  return claimed.map((job) => job.id);
}

type SweepState = { clock: BackgroundClock; timer?: unknown; running?: Promise<void>; stopped: boolean };
const sweeps = () =>
  ((globalThis as unknown as { __registryImportSweeps?: WeakMap<Db, SweepState> }).__registryImportSweeps ??=
    new WeakMap());

/**
 * Server start-up, after its own resume: every IMPORT_STALE_AFTER_MS the jobs whose heartbeat
 * stopped (a server killed while other servers share the database) are taken up here, until
 * stopImportRuns (closeDb). A second call for the same database does nothing.
 */
export function startImportSweeps(db: Db, clock: BackgroundClock = systemClock): void {
  if (sweeps().has(db)) return;
  const state: SweepState = { clock, stopped: false };
  sweeps().set(db, state);
  const tick = () => {
    state.timer = undefined;
    state.running = resumeOrphanedImports(db, { now: new Date(clock.now()) })
      .then((resumed) => {
        if (resumed.length > 0) logWarn(`Took up import jobs whose server stopped: ${resumed.join(", ")}`);
      })
      .catch((error: unknown) => logError("Taking up orphaned import jobs failed", error))
      .finally(() => {
        state.running = undefined;
        if (!state.stopped) state.timer = clock.schedule(tick, IMPORT_STALE_AFTER_MS);
      });
  };
  state.timer = clock.schedule(tick, IMPORT_STALE_AFTER_MS);
}

/** Settles when the sweep under way (if any) has finished (tests). */
export async function importSweepSettled(db: Db): Promise<void> {
  await sweeps().get(db)?.running;
}

/** At closeDb: the jobs of this process stop after their batch and are stored as interrupted. */
export async function stopImportRuns(db: Db): Promise<void> {
  const sweep = sweeps().get(db);
  if (sweep) {
    sweep.stopped = true;
    if (sweep.timer !== undefined) sweep.clock.cancel(sweep.timer);
    await sweep.running;
    sweeps().delete(db);
  }
  stopping.add(db);
  await Promise.allSettled([...runsOf(db).values()]);
  stopping.delete(db);
}

/** Waits for this process's run of a job (tests; the API never waits). */
export async function importRunSettled(db: Db, jobId: number): Promise<void> {
  await runsOf(db).get(jobId);
}

async function runClaimed(db: Db, jobId: number): Promise<void> {
  const job = await claimJob(db, jobId, new Date());
  if (job) await runJob(db, job);
}

async function runJob(db: Db, job: ImportJobRow): Promise<void> {
  const heartbeat = setInterval(() => {
    updateImportJob(db, job.id, { heartbeatAt: new Date() }).catch((error: unknown) =>
      logError("Could not record an import's heartbeat", error),
    );
  }, IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    let current = job;
    const studyVersion = async () => (await writeContext(db, current)).study.version;
    // An apply that took its preview's check writes at once, if the study is still configured as
    // that check saw it; else it checks the file itself (decision 0037).
    if (
      current.checkReused &&
      current.resumeAfter === 0 &&
      (await studyVersion()) !== current.checkedStudyVersion
    ) {
      current = { ...current, phase: "check", checkReused: false, checkedStudyVersion: null };
      await updateImportJob(db, job.id, { phase: "check", checkReused: false, checkedStudyVersion: null });
    }
    if (current.phase === "check") {
      // A check pass is redone from the start: its report is rebuilt, never half kept.
      await clearIssues(db, job.id);
      current = { ...current, counts: EMPTY_IMPORT_COUNTS };
      const before = await studyVersion();
      const checked = await runPass(db, current, { kind: "check" });
      if (checked === "stopped") return;
      // A check is reusable only if the configuration stayed the same all through it.
      const checkedStudyVersion = (await studyVersion()) === before ? before : null;
      if (current.mode === "preview" || checked.blocking_issues > 0) {
        await updateImportJob(db, job.id, { checkedStudyVersion });
        await finish(db, job.id, current.mode === "preview" ? "previewed" : "blocked");
        return;
      }
      await updateImportJob(db, job.id, {
        phase: "write",
        checkedStudyVersion,
        resumeAfter: 0,
        groupsDone: 0,
        rowsDone: 0,
        bytesDone: 0,
      });
      // The write pass's import row carries what the check found.
      current = { ...current, phase: "write", resumeAfter: 0, counts: checked };
    }
    const written = await runPass(db, current, { kind: "write" });
    if (written !== "stopped") await finish(db, job.id, "applied");
  } catch (error) {
    logError(`Import job ${job.id} failed`, error);
    await updateImportJob(db, job.id, {
      state: "failed",
      finishedAt: new Date(),
      error: messageRef("api.imports.failed"),
    }).catch((writeError: unknown) => logError("Could not record a failed import", writeError));
  } finally {
    clearInterval(heartbeat);
  }
}

async function finish(db: Db, jobId: number, state: "previewed" | "applied" | "blocked") {
  await updateImportJob(db, jobId, { state, finishedAt: new Date(), heartbeatAt: new Date() });
}

/**
 * One pass over the file. Answers the pass's counts, or "stopped" when it was cancelled (stored
 * as cancelled) or its process is shutting down (stored as interrupted, to be resumed).
 */
async function runPass(db: Db, job: ImportJobRow, pass: Pass): Promise<ImportCounts | "stopped"> {
  let bytesRead = 0;
  const file = openImportFile(job.fileKey);
  const counted = (async function* () {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      bytesRead += chunk.length;
      yield chunk;
    }
  })();
  // bytesRead counts the file's own bytes (compressed or not), as its size does, for the progress.
  const source = await openCsvRecords(decompressedIfGzip(counted));
  const { study } = await writeContext(db, job);
  const config = study.config;
  let reader: ReturnType<typeof createImportReader> | null = null;
  const counts: ImportCounts = { ...EMPTY_IMPORT_COUNTS };
  let issueSeq = 0;
  let groupIndex = 0;
  let pending: ImportedGroup[] = [];
  let rows = 0;
  const fileIssues: ImportIssue[] = [];

  // Batches overlap, two at a time, in the file's order: while one is written (its statements
  // wait on the database), the next is read and checked or planned (prepareWriteBatch), and waits
  // for it before its own writes. What a batch counts is taken when it is handed over.
  type Outcome = { ok: boolean } | { error: unknown };
  const flush = async (
    batch: ImportedGroup[],
    read: { rows: number; bytes: number },
    previous: Promise<Outcome>,
  ): Promise<Outcome> => {
    const firstIndex = groupIndex;
    groupIndex += batch.length;
    const ownFileIssues = fileIssues.splice(0);
    // A resumed job skips what it committed before it stopped (job.resumeAfter only grows to the
    // end of batches before this one).
    const done = pass.kind === "write" && groupIndex <= job.resumeAfter;
    const todo = pass.kind === "write" ? batch.slice(Math.max(0, job.resumeAfter - firstIndex)) : batch;
    let work: { checked: GroupOutcome[] } | { prepared: PreparedBatch } | { stop: true } | null = null;
    let failure: { error: unknown } | null = null;
    try {
      if (await stopRequested(db, job.id)) work = { stop: true };
      else if (!done)
        work =
          pass.kind === "check"
            ? { checked: await checkBatch(db, job, todo) }
            : { prepared: await prepareWriteBatch(db, job, todo) };
    } catch (error) {
      failure = { error };
    }
    const before = await previous;
    if ("error" in before || !before.ok) return before;
    if (failure) return failure;
    if (work === null) return { ok: true };
    if ("stop" in work) return { ok: false };
    const outcomes = "checked" in work ? work.checked : await commitWriteBatch(db, job, work.prepared);
    const issues = [...ownFileIssues, ...outcomes.flatMap((o) => o.issues)];
    tally(counts, outcomes, issues);
    counts.rows = read.rows;
    const progress = {
      rowsDone: read.rows,
      bytesDone: read.bytes,
      groupsDone: groupIndex,
      heartbeatAt: new Date(),
    };
    if (pass.kind === "check") {
      await appendIssues(db, job.id, issueSeq, issues);
      issueSeq += issues.length;
      await updateImportJob(db, job.id, { ...progress, counts });
    } else await updateImportJob(db, job.id, progress);
    return { ok: true };
  };
  const ok: Promise<Outcome> = Promise.resolve({ ok: true });
  let running = ok;
  let beforeRunning = ok;
  /** Waits for a handed-over batch; false when it was told to stop. */
  const settled = async (batch: Promise<Outcome>): Promise<boolean> => {
    const outcome = await batch;
    if ("error" in outcome) throw outcome.error;
    return outcome.ok;
  };
  const handOver = async (): Promise<boolean> => {
    // Two batches at most: the one before the last must have ended.
    if (!(await settled(beforeRunning))) return false;
    const batch = pending;
    pending = [];
    beforeRunning = running;
    // Each batch's outcome is held (never a rejected promise nobody awaits yet) until settled.
    running = flush(batch, { rows, bytes: bytesRead }, running).catch((error: unknown) => ({ error }));
    return true;
  };

  try {
    for await (const item of source.items) {
      // An unreadable file (not UTF-8, a quote never closed) stops the reading with its issue.
      if (item.issue) {
        fileIssues.push(item.issue);
        break;
      }
      if (item.row === 1) {
        reader = createImportReader(config, job.format, {
          dialect: source.dialect,
          ...(job.eventMap ? { eventMap: job.eventMap } : {}),
        });
        const headerIssues = reader.header(item.cells);
        if (headerIssues.some((issue) => issue.blocking)) {
          if (pass.kind === "check") {
            await appendIssues(db, job.id, 0, headerIssues);
            await updateImportJob(db, job.id, {
              counts: { ...counts, issues: headerIssues.length, blocking_issues: headerIssues.length },
              ignoredColumns: reader.ignoredColumns(),
            });
          }
          return { ...counts, blocking_issues: headerIssues.length };
        }
        fileIssues.push(...headerIssues);
        continue;
      }
      rows++;
      pending.push(...reader!.record(item.cells, item.row));
      if (pending.length >= IMPORT_BATCH_GROUPS && !(await handOver())) return stopped(db, job.id);
    }
    if (reader) pending.push(...reader.end());
    if (!(await handOver()) || !(await settled(running))) return stopped(db, job.id);
  } finally {
    file.destroy();
    // Batches still in flight (the reading failed or stopped) end before the pass does.
    await running;
  }
  if (pass.kind === "check")
    await updateImportJob(db, job.id, {
      events: reader?.events() ?? [],
      ignoredColumns: reader?.ignoredColumns() ?? [],
    });
  return counts;
}

function tally(counts: ImportCounts, outcomes: GroupOutcome[], issues: ImportIssue[]) {
  for (const outcome of outcomes) {
    counts[`patients_${outcome.patient}`]++;
    counts.visits_create += outcome.visits.create;
    counts.visits_update += outcome.visits.update;
    counts.visits_unchanged += outcome.visits.unchanged;
    counts.visits_refused += outcome.visits.refused;
  }
  counts.issues += issues.length;
  counts.blocking_issues += issues.filter((issue) => issue.blocking).length;
}

async function stopRequested(db: Db, jobId: number): Promise<boolean> {
  if (stopping.has(db)) return true;
  const [row] = await db
    .select({ cancel: importJobs.cancelRequested })
    .from(importJobs)
    .where(eq(importJobs.id, jobId));
  return row?.cancel ?? true;
}

async function stopped(db: Db, jobId: number): Promise<"stopped"> {
  await updateImportJob(
    db,
    jobId,
    stopping.has(db)
      ? { state: "interrupted", heartbeatAt: new Date(), error: messageRef("api.imports.interrupted") }
      : { state: "cancelled", finishedAt: new Date(), heartbeatAt: new Date() },
  );
  return "stopped";
}
