import "server-only";
import { logError } from "../api/log";
import { outsideRequest } from "../api/request-context";
import { asc, count, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { auditKey, type AuditKey } from "./audit-key";
import { walkChain, type Finding } from "./chain-walk";
import {
  defaultCheckpointLog,
  signCheckpoint,
  newestTrustedCheckpoint,
  type Checkpoint,
  type CheckpointLog,
} from "./checkpoint-log";
import { databaseIdentity } from "./database-identity";
import { GENESIS_HASH } from "./hash-chain";
import { reportTrailBroken, reportTrailIntact } from "./trail-integrity";

/**
 * At most one checkpoint per interval after audited commits: a tail deleted within the interval
 * before an attack goes unnoticed by the checkpoints (the hash chain still catches everything else),
 * and a busy server appends one short line per interval, not one per write.
 */
export const CHECKPOINT_INTERVAL_MS = 5_000;
/** After a failed checkpoint (an unreadable or unwritable log), one loud line per this, not per 5 s. */
export const CHECKPOINT_RETRY_MS = 5 * 60_000;

export type CheckpointReason = Checkpoint["reason"];
export type CheckpointOutcome =
  | { written: Checkpoint; findings: [] }
  | { written: null; findings: Finding[]; skipped?: "empty" | "unchanged" };

type State = {
  db: Db;
  log: CheckpointLog;
  key: AuditKey;
  database?: string;
  timer?: NodeJS.Timeout;
  /** When the scheduled checkpoint runs (ms since the epoch). */
  dueAt?: number;
  /** After a failure: no attempt before this time. */
  retryAt: number;
  queue: Promise<unknown>;
  /** Whether its findings are the server's (the application's log and key): only then do they
   * fail clinical writes closed. A check against another log (tests, tools) says nothing of it. */
  ownsTrailState: boolean;
};

const holder = globalThis as unknown as { __registryAuditCheckpointers?: WeakMap<Db, State> };
const states = () => (holder.__registryAuditCheckpointers ??= new WeakMap());

function newState(db: Db, log?: CheckpointLog, key?: AuditKey): State {
  const k = key ?? auditKey();
  return {
    db,
    key: k,
    log: log ?? defaultCheckpointLog(k),
    queue: Promise.resolve(),
    retryAt: 0,
    ownsTrailState: !log && !key,
  };
}

/** Called by db/client.ts for the application's database: its audited commits get checkpoints. */
export function registerAuditCheckpoints(db: Db, log?: CheckpointLog): void {
  if (!states().has(db)) states().set(db, newState(db, log));
}

/** After an audited commit: schedule a checkpoint unless one is already due. */
export function noteAuditCommit(db: Db): void {
  const state = states().get(db);
  if (!state || state.timer) return;
  const delay = Math.max(CHECKPOINT_INTERVAL_MS, state.retryAt - Date.now());
  state.dueAt = Date.now() + delay;
  // The timer belongs to no request: without this it would inherit the request context (and the
  // request id in its log lines) of the commit that happened to schedule it.
  state.timer = outsideRequest(() =>
    setTimeout(() => {
      state.timer = undefined;
      void runScheduled(state);
    }, delay),
  );
  // A pending checkpoint must not keep a finished script alive; closeDb() flushes it.
  state.timer.unref();
}

/** The scheduled checkpoint; a failure is logged once and the next try waits CHECKPOINT_RETRY_MS. */
async function runScheduled(state: State): Promise<void> {
  try {
    await run(state, "commits");
    state.retryAt = 0;
  } catch (error) {
    state.retryAt = Date.now() + CHECKPOINT_RETRY_MS;
    logError(
      `Audit checkpoint FAILED (${state.log.location}): no checkpoint of the audit chain head is ` +
        `being written. Next try in ${CHECKPOINT_RETRY_MS / 60_000} minutes, after the next audited write. ` +
        "Fix the checkpoint log (permissions, disk) and run npm run audit:verify.",
      error,
    );
  }
}

/** True while a checkpoint is scheduled but not yet written. */
export function auditCheckpointPending(db: Db): boolean {
  return states().get(db)?.timer !== undefined;
}

/** When the scheduled checkpoint runs (ms since the epoch), or null if none is scheduled. */
export function auditCheckpointDueAt(db: Db): number | null {
  const state = states().get(db);
  return state?.timer ? (state.dueAt ?? null) : null;
}

/** Writes the scheduled checkpoint now (closeDb, tests). */
export async function flushAuditCheckpoints(db: Db): Promise<void> {
  const state = states().get(db);
  if (!state) return;
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = undefined;
    await runScheduled(state);
  }
  await state.queue;
}

/**
 * Checkpoints the chain head now (server start-up, `npm run audit:verify`). The rows written
 * since the previous checkpoint are checked first: a head is signed only if the chain still
 * continues from the last one. `log`/`key` default to the application's.
 */
export function checkpointAuditHead(
  db: Db,
  reason: CheckpointReason,
  options: { log?: CheckpointLog; key?: AuditKey } = {},
): Promise<CheckpointOutcome> {
  const registered = options.log || options.key ? undefined : states().get(db);
  return run(registered ?? newState(db, options.log, options.key), reason);
}

/** The same, in the background: a long first check (an upgraded, large trail) never delays start-up. */
export function requestAuditCheckpoint(db: Db, reason: CheckpointReason): void {
  checkpointAuditHead(db, reason).catch((error: unknown) => logError("Audit checkpoint failed", error));
}

function run(state: State, reason: CheckpointReason): Promise<CheckpointOutcome> {
  const job = state.queue.then(() => checkpointOnce(state, reason));
  state.queue = job.catch(() => undefined);
  return job;
}

async function checkpointOnce(state: State, reason: CheckpointReason): Promise<CheckpointOutcome> {
  const { db, key, log } = state;
  const database = (state.database ??= await databaseIdentity(db));
  // The newest checkpoint is read from the log at every check (one 64 KB chunk from its end, at most
  // once per interval): one appended by someone else (audit:verify, an operator's acknowledgement)
  // is held against the table too, and an acknowledgement takes effect without a restart.
  const last = await newestTrustedCheckpoint(log, database);

  // The rows before the newest checkpoint are not walked again: their start and their count are
  // held against it instead, so deleting the first rows (or any before the checkpoint) is seen too.
  let findings: Finding[] = await chainStartFindings(db, last);
  let walk: Awaited<ReturnType<typeof walkChain>> | null = null;
  if (findings.length > 0) {
    // Already broken: the walk would add nothing the operator's audit:verify does not name.
  } else if (last) {
    const [row] = await db
      .select({ hash: auditLogs.hash })
      .from(auditLogs)
      .where(eq(auditLogs.id, last.lastId));
    if (!row || row.hash !== last.lastHash) {
      findings = [
        {
          kind: row ? "recomputed-chain" : "deleted-tail",
          rowId: last.lastId,
          message: `row id ${last.lastId}, the head of the checkpoint of ${last.time}, ${row ? "has another hash" : "is gone"}`,
        },
      ];
    } else {
      walk = await walkChain(db, {
        key,
        legacy: { throughId: last.legacyThroughId, lastHash: last.legacyLastHash },
        checkpoints: [],
        start: { afterId: last.lastId, prevHash: last.lastHash, rowsBefore: last.rows },
      });
      findings = walk.findings;
    }
  } else {
    walk = await walkChain(db, { key, legacy: null, checkpoints: [] });
    findings = walk.findings;
  }

  if (findings.length > 0 || !walk) {
    // The write that triggered it has committed; from now on clinical writes fail closed, health
    // and the admin pages say so, until an operator acts (docs/decisions/0018). The operator runs
    // audit:verify, which names every case.
    logError(
      `Audit checkpoint NOT written: the audit trail does not check out since ${
        last ? `the checkpoint of ${last.time}` : "its first row"
      }: ${findings.map((f) => f.message).join("; ")}. Run npm run audit:verify.`,
    );
    if (state.ownsTrailState) reportTrailBroken(findings);
    return { written: null, findings };
  }
  if (state.ownsTrailState) reportTrailIntact();
  if (!walk.head) return { written: null, findings: [], skipped: "empty" };
  if (reason !== "verify" && last && walk.head.id === last.lastId)
    return { written: null, findings: [], skipped: "unchanged" };

  const checkpoint = signCheckpoint(
    {
      database,
      time: new Date().toISOString(),
      rows: walk.rows,
      lastId: walk.head.id,
      lastHash: walk.head.hash,
      legacyThroughId: walk.legacy.throughId,
      legacyLastHash: walk.legacy.lastHash,
      // An acknowledged start stays the start (chainStartFindings).
      ...(last?.start ? { start: last.start } : {}),
      reason,
    },
    key,
  );
  await log.append(checkpoint);
  return { written: checkpoint, findings: [] };
}

/**
 * The chain must start where it always did: its first row links to the genesis hash (the legacy
 * prefix starts there too), or to the start an operator acknowledged after a break (recorded in
 * the checkpoint: docs/audit-trail-recovery.md). And the newest checkpoint must not be
 * contradicted: the table still holds exactly the rows it counted up to its head.
 */
async function chainStartFindings(db: Db, last: Checkpoint | null): Promise<Finding[]> {
  const [first] = await db
    .select({ id: auditLogs.id, prevHash: auditLogs.prevHash })
    .from(auditLogs)
    .orderBy(asc(auditLogs.id))
    .limit(1);
  if (!first) {
    if (!last || last.rows === 0) return [];
    return [
      {
        kind: "truncated",
        message:
          `the table holds none of the ${last.rows} row(s) the checkpoint of ${last.time} recorded ` +
          `(through row id ${last.lastId}): it was emptied`,
      },
    ];
  }
  const start = last?.start ?? { id: null, prevHash: GENESIS_HASH };
  if (first.prevHash !== start.prevHash || (start.id !== null && first.id !== start.id)) {
    return [
      {
        kind: "deleted-rows",
        rowId: first.id,
        message: `row id ${first.id}, the first row, does not start the chain: rows before it were deleted`,
      },
    ];
  }
  if (!last) return [];
  const [counted] = await db.select({ n: count() }).from(auditLogs).where(lte(auditLogs.id, last.lastId));
  const rows = counted?.n ?? 0;
  if (rows === last.rows) return [];
  return [
    {
      kind: rows < last.rows ? "deleted-rows" : "inserted-rows",
      message:
        `the checkpoint of ${last.time} counted ${last.rows} rows through row id ${last.lastId}; ` +
        `there are now ${rows}`,
    },
  ];
}
