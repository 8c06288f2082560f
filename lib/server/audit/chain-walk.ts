import "server-only";
import { asc, gt } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { auditLogs } from "@/db/schema";
import type { AuditKey } from "./audit-key";
import type { Checkpoint } from "./checkpoint-log";
import { GENESIS_HASH, rowHashes } from "./hash-chain";
import { legacyPinOf } from "./key-introduction";

/** The tamper cases `npm run audit:verify` names. */
export type FindingKind =
  | "changed-row"
  | "deleted-rows"
  | "deleted-tail"
  | "truncated"
  | "recomputed-chain"
  | "inserted-rows"
  | "checkpoint-log"
  | "wrong-key";

export type Finding = { kind: FindingKind; rowId?: number; message: string };

/** How each case is named to people (`npm run audit:verify`). */
export const FINDING_NAMES: Record<FindingKind, string> = {
  "changed-row": "CHANGED ROW",
  "deleted-rows": "DELETED ROWS",
  "deleted-tail": "DELETED TAIL",
  truncated: "TRUNCATED",
  "recomputed-chain": "RECOMPUTED CHAIN",
  "inserted-rows": "INSERTED ROWS",
  "checkpoint-log": "CHECKPOINT LOG EDITED",
  "wrong-key": "WRONG KEY",
};

/** A trusted point to continue from (a checkpoint): the walk checks only the rows after it. */
export type WalkStart = { afterId: number; prevHash: string; rowsBefore: number };

export type WalkOptions = {
  key: AuditKey;
  /**
   * From the checkpoints; null when there is none yet: the legacy prefix is then derived, and
   * accepted only if a key-introduction row (key-introduction.ts) pins it.
   */
  legacy: { throughId: number; lastHash: string | null } | null;
  /** Checkpoints of this database with a valid signature, to hold the table against. */
  checkpoints: Checkpoint[];
  start?: WalkStart;
  /** Called after each batch with the rows walked so far (the admin screen's progress bar). */
  onProgress?: (rowsWalked: number) => void;
};

export type WalkResult = {
  rows: number;
  head: { id: number; hash: string } | null;
  legacy: { throughId: number; lastHash: string | null; rows: number };
  findings: Finding[];
};

type AuditRow = typeof auditLogs.$inferSelect;
type Run = { rows: { id: number; unkeyed: boolean }[]; contradictsCheckpoint: boolean };

const BATCH = 1000;

/**
 * Walks the chain in id order from the start (or from a trusted checkpoint) and classifies what
 * it finds. It goes on after a problem, because the pattern names the case: one row whose content
 * no longer matches its hash while the next row still links to it is an edited field; a run of
 * rows to the end whose hashes are self-consistent but not made with the key is a recomputed chain.
 */
export async function walkChain(db: Queryable, options: WalkOptions): Promise<WalkResult> {
  const { key, start } = options;
  const checkpoints = [...options.checkpoints].sort((a, b) => a.lastId - b.lastId);
  const findings: Finding[] = [];
  const checkpointFindings: Finding[] = [];
  let expectedPrev = start?.prevHash ?? GENESIS_HASH;
  let prevId = start?.afterId ?? 0;
  let seenAny = start !== undefined;
  let rows = start?.rowsBefore ?? 0;
  let head: WalkResult["head"] = start ? { id: start.afterId, hash: start.prevHash } : null;
  // With no checkpoint to say where the legacy prefix ends, it is the run of plain-SHA-256 rows
  // at the start of the chain: the first keyed row closes it, and must be the key-introduction
  // row that names its last row. Anyone can compute plain SHA-256: an unpinned prefix is a
  // chain recomputed without the key, not history.
  let deriving = options.legacy === null && start === undefined;
  let legacyFirstId: number | null = null;
  const unpinnedPrefix = (pinnedBy: string) => {
    findings.push({
      kind: "recomputed-chain",
      rowId: legacyFirstId ?? undefined,
      message:
        `from row id ${legacyFirstId}, ${legacy.rows} row(s) carry plain SHA-256 hashes instead of ` +
        `hashes made with the audit key, and ${pinnedBy}: the chain was rewritten and recomputed without the key`,
    });
    legacy.throughId = 0;
    legacy.lastHash = null;
    legacy.rows = 0;
  };
  const legacy = {
    throughId: options.legacy?.throughId ?? 0,
    lastHash: options.legacy?.lastHash ?? null,
    rows: 0,
  };
  let run: Run | null = null;
  let cpIndex = 0;

  const closeRun = (followedByValidRow: boolean) => {
    if (!run) return;
    const first = run.rows[0]!.id;
    if (run.rows.some((r) => r.unkeyed)) {
      findings.push({
        kind: "recomputed-chain",
        rowId: first,
        message:
          `from row id ${first}, ${run.rows.length} row(s) carry plain SHA-256 hashes instead of ` +
          "hashes made with the audit key: the chain was rewritten and recomputed without the key",
      });
    } else if (run.contradictsCheckpoint || (!followedByValidRow && run.rows.length >= 2)) {
      findings.push({
        kind: "recomputed-chain",
        rowId: first,
        message:
          `from row id ${first}, ${run.rows.length} row(s) link to each other but their hashes were ` +
          "not made with the audit key: the chain was rewritten and recomputed with another key",
      });
    } else {
      for (const r of run.rows)
        findings.push({
          kind: "changed-row",
          rowId: r.id,
          message: `row id ${r.id}: its content does not match its hash (a field was changed after it was written)`,
        });
    }
    run = null;
  };

  const checkpointRowMissing = (cp: Checkpoint, rowsAfterExist: boolean) => {
    // Checkpoints are passed in id order, so every row counted so far has an id below cp.lastId.
    const remaining = rows;
    const when = `checkpoint of ${cp.time}`;
    if (remaining === 0) {
      checkpointFindings.push({
        kind: "truncated",
        message:
          `the table holds none of the ${cp.rows} row(s) the ${when} recorded (through row id ` +
          `${cp.lastId}): it was emptied (TRUNCATE or DELETE of every row)`,
      });
    } else if (!rowsAfterExist) {
      checkpointFindings.push({
        kind: "deleted-tail",
        rowId: cp.lastId,
        message:
          `the last ${Math.max(cp.rows - remaining, 1)} row(s) are gone: the ${when} recorded ` +
          `${cp.rows} rows through row id ${cp.lastId}, the table now ends at row id ${head?.id ?? 0}`,
      });
    } else {
      checkpointFindings.push({
        kind: "deleted-rows",
        rowId: cp.lastId,
        message: `row id ${cp.lastId}, recorded by the ${when}, no longer exists`,
      });
    }
  };

  for (let after = start?.afterId ?? 0; ;) {
    const batch: AuditRow[] = await db
      .select()
      .from(auditLogs)
      .where(gt(auditLogs.id, after))
      .orderBy(asc(auditLogs.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    options.onProgress?.(rows);
    for (const row of batch) {
      while (checkpoints[cpIndex] && checkpoints[cpIndex]!.lastId < row.id)
        checkpointRowMissing(checkpoints[cpIndex++]!, true);

      if (row.prevHash !== expectedPrev) {
        closeRun(false);
        if (!seenAny) {
          findings.push({
            kind: "deleted-rows",
            rowId: row.id,
            message: `row id ${row.id}, the first row, links to a row that no longer exists: rows before it were deleted`,
          });
        } else if (row.id > prevId + 1 && row.prevHash !== GENESIS_HASH) {
          findings.push({
            kind: "deleted-rows",
            rowId: row.id,
            message:
              `the link from row id ${row.id} to row id ${prevId} is broken: ` +
              `row(s) between them (ids ${prevId + 1}–${row.id - 1}) were deleted`,
          });
        } else {
          findings.push({
            kind: "inserted-rows",
            rowId: row.id,
            message: `row id ${row.id} does not link to row id ${prevId}: a row was inserted or the order changed`,
          });
        }
      }

      const { keyed, plain } = rowHashes(key.chainKey, row.prevHash, row);
      // While deriving, only a row hashed with the key ends the legacy prefix: an edited legacy
      // row (matching neither hash) is still a legacy row, named as a changed row below.
      if (deriving && row.hash === keyed) {
        deriving = false;
        const pin = legacyPinOf(row);
        if (
          legacy.rows > 0 &&
          (!pin || pin.legacyThroughId !== legacy.throughId || pin.legacyLastHash !== legacy.lastHash)
        )
          unpinnedPrefix(
            `row id ${row.id}, the first written with the key, is not the key-introduction row that pins them`,
          );
      }
      const isLegacy = deriving || row.id <= legacy.throughId;
      const valid = row.hash === (isLegacy ? plain() : keyed);
      if (isLegacy) {
        legacy.rows++;
        if (deriving) {
          legacyFirstId ??= row.id;
          legacy.throughId = row.id;
          legacy.lastHash = row.hash;
        } else if (row.id === legacy.throughId && legacy.lastHash !== null && row.hash !== legacy.lastHash) {
          checkpointFindings.push({
            kind: "recomputed-chain",
            rowId: row.id,
            message:
              `the rows written before the audit key existed were rewritten and recomputed: row id ` +
              `${row.id}, the last of them, no longer has the hash recorded when the key was introduced`,
          });
        }
      }

      let contradicts = false;
      // Several checkpoints can sign the same head (a verify, then start-up, with no write
      // between): hold the row against every one of them.
      while (checkpoints[cpIndex]?.lastId === row.id) {
        const cp = checkpoints[cpIndex++]!;
        if (row.hash !== cp.lastHash) contradicts = true;
        else if (rows + 1 < cp.rows)
          checkpointFindings.push({
            kind: "deleted-rows",
            rowId: row.id,
            message: `the checkpoint of ${cp.time} counted ${cp.rows} rows through row id ${row.id}; ${rows + 1} remain`,
          });
        else if (rows + 1 > cp.rows)
          checkpointFindings.push({
            kind: "inserted-rows",
            rowId: row.id,
            message: `the checkpoint of ${cp.time} counted ${cp.rows} rows through row id ${row.id}; there are now ${rows + 1}`,
          });
      }

      if (!valid || contradicts) {
        if (contradicts && valid)
          checkpointFindings.push({
            kind: "recomputed-chain",
            rowId: row.id,
            message: `row id ${row.id} no longer has the hash signed in a checkpoint: the chain was recomputed`,
          });
        else {
          run ??= { rows: [], contradictsCheckpoint: false };
          run.rows.push({ id: row.id, unkeyed: !isLegacy && row.hash === plain() });
          run.contradictsCheckpoint ||= contradicts;
        }
      } else {
        closeRun(true);
      }

      expectedPrev = row.hash;
      prevId = row.id;
      seenAny = true;
      head = { id: row.id, hash: row.hash };
      rows++;
    }
  }
  closeRun(false);
  if (deriving && legacy.rows > 0)
    unpinnedPrefix("no row written with the key pins them as written before it existed");
  while (checkpoints[cpIndex]) checkpointRowMissing(checkpoints[cpIndex++]!, false);

  return { rows, head, legacy, findings: [...findings, ...keepStrongest(checkpointFindings)] };
}

/**
 * Every checkpoint after a deletion repeats it: keep one finding per case, the earliest for
 * counts and hashes (closest to the damage), the latest for a missing tail (the most it lost).
 */
function keepStrongest(found: Finding[]): Finding[] {
  const byKind = new Map<FindingKind, Finding>();
  for (const f of found) {
    const latestWins = f.kind === "deleted-tail" || f.kind === "truncated";
    if (!byKind.has(f.kind) || latestWins) byKind.set(f.kind, f);
  }
  return [...byKind.values()];
}
