import "server-only";
import type { Queryable } from "@/db/client";
import { auditKey, type AuditKey } from "./audit-key";
import { walkChain, type Finding, type WalkResult } from "./chain-walk";
import { defaultCheckpointLog, type Checkpoint, type CheckpointLog } from "./checkpoint-log";
import { databaseIdentity } from "./database-identity";

export { FINDING_NAMES, type Finding, type FindingKind } from "./chain-walk";

export type ChainReport = {
  ok: boolean;
  /** Rows walked. */
  checked: number;
  findings: Finding[];
  database: string;
  head: WalkResult["head"];
  legacy: WalkResult["legacy"];
  checkpoints: {
    location: string;
    /** Checkpoints of this database whose signature holds under the current key. */
    trusted: Checkpoint[];
    /** Checkpoints of this database signed with another key (e.g. before a key change). */
    otherKey: number;
  };
};

type VerifyOptions = { key?: AuditKey; log?: CheckpointLog; onProgress?: (rowsWalked: number) => void };

/**
 * Checks the whole trail: every row's hash (HMAC under the audit key; plain SHA-256 for the
 * legacy prefix written before the key existed) and link, and the table against every signed
 * checkpoint of this database kept outside it. Names each tamper case it finds.
 */
export async function verifyAuditChain(db: Queryable, options: VerifyOptions = {}): Promise<ChainReport> {
  const key = options.key ?? auditKey();
  const log = options.log ?? defaultCheckpointLog(key);
  const database = await databaseIdentity(db);
  const findings: Finding[] = [];
  const trusted: Checkpoint[] = [];
  // A checkpoint of a head already held (same row, hash and count) adds nothing to check; a log
  // of years holds many such lines (one per start-up and verify with no write in between).
  const heads = new Set<string>();
  let otherKey = 0;
  let otherKeyId: string | undefined;
  // Streamed: the log only grows, and a whole-file read once failed at 540 MB.
  for await (const line of log.lines()) {
    if (!("checkpoint" in line)) {
      findings.push({
        kind: "checkpoint-log",
        message: `line ${line.line} of ${log.location} ${line.problem}: the checkpoint log was edited`,
      });
    } else if (line.checkpoint.database !== database) {
      // Another database that used the same DATA_DIR: not ours to judge.
    } else if (line.signatureValid) {
      const { lastId, lastHash, rows } = line.checkpoint;
      const head = `${lastId}:${lastHash}:${rows}`;
      if (!heads.has(head)) trusted.push(line.checkpoint);
      heads.add(head);
    } else if (line.checkpoint.keyId !== key.keyId) {
      otherKey++;
      otherKeyId ??= line.checkpoint.keyId;
    } else {
      findings.push({
        kind: "checkpoint-log",
        message: `line ${line.line} of ${log.location}: its signature does not match its content: the checkpoint was edited or forged`,
      });
    }
  }
  const checkpoints = { location: log.location, trusted, otherKey };

  if (trusted.length === 0 && otherKey > 0) {
    // Every checkpoint of this database was signed with another key: rows hashed with that key
    // would all look forged. Name the real cause instead.
    findings.push({
      kind: "wrong-key",
      message:
        `the ${otherKey} checkpoint(s) of this database were signed with audit key ` +
        `${otherKeyId ?? "?"}, but this run uses key ` +
        `${key.keyId} (${key.source}): use the AUDIT_HMAC_KEY or DATA_DIR of the server that wrote them`,
    });
    const legacy = { throughId: 0, lastHash: null, rows: 0 };
    return { ok: false, checked: 0, findings, database, head: null, legacy, checkpoints };
  }

  const first = trusted[0];
  const walk = await walkChain(db, {
    key,
    legacy: first ? { throughId: first.legacyThroughId, lastHash: first.legacyLastHash } : null,
    checkpoints: trusted,
    onProgress: options.onProgress,
  });
  findings.push(...walk.findings);
  return {
    ok: findings.length === 0,
    checked: walk.rows,
    findings,
    database,
    head: walk.head,
    legacy: walk.legacy,
    checkpoints,
  };
}
