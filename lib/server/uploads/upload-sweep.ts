import "server-only";
import { and, asc, gt, lt, or, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { uploads } from "@/db/schema";
import { env } from "@/lib/env";
import { logError } from "../api/log";
import { systemClock, type BackgroundClock } from "../background-clock";
import {
  deleteUnreferencedUploads,
  isReferenced,
  removeUploadBytes,
  type RemovedUpload,
} from "./upload-references";

/**
 * The sweep (docs/decisions/0014): an upload that no block and no study names, older than the
 * grace period, is deleted — row and audit entry in one transaction, under the same lock and check
 * as a release (`deleteUnreferencedUploads`), then its bytes. It catches the files uploaded in a
 * dialog closed without saving, which no change ever releases, and any release that failed.
 */

/** How often the server sweeps, after the sweep at start-up. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;
/** Uploads locked and deleted per transaction: a large backlog never holds one long transaction. */
const SWEEP_BATCH = 100;
export const SWEEP_REASON = "not referenced after the grace period";

/** The grace period: an upload younger than this may belong to a dialog still open. */
export function uploadSweepGraceMs(): number {
  return env().UPLOAD_GRACE_HOURS * 60 * 60_000;
}

/**
 * Deletes every upload created before `now - graceMs` that nothing names. Candidates are read in
 * pages without a lock and skipped when something names them; the rest are decided again under
 * the lock, so a block saved meanwhile keeps its file. Returns the deleted files.
 */
export async function sweepUnreferencedUploads(
  db: Db,
  { now = Date.now(), graceMs = uploadSweepGraceMs() }: { now?: number; graceMs?: number } = {},
): Promise<RemovedUpload[]> {
  const cutoff = new Date(now - graceMs);
  const deleted: RemovedUpload[] = [];
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: { id: string; createdAt: Date }[] = await db
      .select({ id: uploads.id, createdAt: uploads.createdAt })
      .from(uploads)
      .where(
        and(
          lt(uploads.createdAt, cutoff),
          after
            ? or(
                gt(uploads.createdAt, after.createdAt),
                and(eq(uploads.createdAt, after.createdAt), gt(uploads.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(uploads.createdAt), asc(uploads.id))
      .limit(SWEEP_BATCH);
    if (page.length === 0) break;
    after = page.at(-1)!;
    const unnamed: string[] = [];
    for (const row of page) if (!(await isReferenced(db, row.id))) unnamed.push(row.id);
    const removed = await deleteUnreferencedUploads(db, unnamed, {
      actor: null,
      meta: null,
      reason: SWEEP_REASON,
    });
    await removeUploadBytes(removed);
    deleted.push(...removed);
    if (page.length < SWEEP_BATCH) break;
  }
  return deleted;
}

type State = { clock: BackgroundClock; timer?: unknown; running?: Promise<void>; stopped: boolean };

const holder = globalThis as unknown as { __registryUploadSweeps?: WeakMap<Db, State> };
const states = () => (holder.__registryUploadSweeps ??= new WeakMap());

/**
 * One scheduled sweep; each deletion is in the audit trail. A failure is logged and the next one
 * still runs.
 */
async function scheduledSweep(db: Db, clock: BackgroundClock): Promise<void> {
  try {
    await sweepUnreferencedUploads(db, { now: clock.now() });
  } catch (error) {
    logError(
      `Upload sweep FAILED: files named nowhere stay until the next sweep in ${UPLOAD_SWEEP_INTERVAL_MS / 60_000} minutes`,
      error,
    );
  }
}

/**
 * Server start-up: sweeps now (in the background) and then every UPLOAD_SWEEP_INTERVAL_MS, until
 * `stopUploadSweeps` (closeDb). A second call for the same database does nothing.
 */
export function startUploadSweeps(db: Db, clock: BackgroundClock = systemClock): void {
  if (states().has(db)) return;
  const state: State = { clock, stopped: false };
  states().set(db, state);
  const tick = () => {
    state.timer = undefined;
    state.running = scheduledSweep(db, clock).finally(() => {
      state.running = undefined;
      if (!state.stopped) state.timer = clock.schedule(tick, UPLOAD_SWEEP_INTERVAL_MS);
    });
  };
  tick();
}

/** Settles when the sweep under way (if any) has finished (tests). */
export async function uploadSweepSettled(db: Db): Promise<void> {
  await states().get(db)?.running;
}

/** closeDb: no further sweep; a sweep under way finishes before the connection goes. */
export async function stopUploadSweeps(db: Db): Promise<void> {
  const state = states().get(db);
  if (!state) return;
  state.stopped = true;
  if (state.timer !== undefined) state.clock.cancel(state.timer);
  state.timer = undefined;
  await state.running;
  states().delete(db);
}
