import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { logWarn } from "../api/log";
import { appendAuditRows, AUDIT_CHAIN_LOCK } from "./append-rows";
import { auditKey, type AuditKey } from "./audit-key";
import { defaultCheckpointLog, newestTrustedCheckpoint, type CheckpointLog } from "./checkpoint-log";
import { databaseIdentity } from "./database-identity";
import { keyedRowHash, legacyRowHash } from "./hash-chain";
import { KEY_INTRODUCTION, keyIntroductionContent } from "./key-introduction";
import { reportTrailBroken } from "./trail-integrity";

/** This server's audit key is not the one the database's trail was written with. */
export class AuditKeyMismatchError extends Error {
  override name = "AuditKeyMismatchError";
}

function keyAdvice(key: AuditKey): string {
  return (
    "Set AUDIT_HMAC_KEY to the key used by the other instances that share this database (the same " +
    "value on every server; a single server's generated key is in its DATA_DIR/audit-key). If no " +
    "other key was ever used, the trail was altered: run npm run audit:verify. " +
    `This server uses audit key ${key.keyId} (${key.source}); it writes no audit row under it.`
  );
}

export function rowKeyMismatch(rowId: number, key: AuditKey): AuditKeyMismatchError {
  return new AuditKeyMismatchError(
    `The audit key does not match the audit trail of this database (row id ${rowId} was written ` +
      `with another key). ${keyAdvice(key)}`,
  );
}

type AuditRow = typeof auditLogs.$inferSelect;

/** Whether `row` was hashed with `key` (the check every new row's predecessor must pass). */
export function writtenWithKey(row: AuditRow, key: AuditKey): boolean {
  return row.hash === keyedRowHash(key.chainKey, row.prevHash, row);
}

async function chainHead(db: Queryable): Promise<AuditRow | undefined> {
  const [head] = await db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
  return head;
}

/** What the first audited write of this process must still do. */
export type KeyGuard = {
  /** False while the trail was empty at the check: the first append checks the head under the lock. */
  headChecked: boolean;
  /**
   * The trail is known to hold rows (its head was seen, this process wrote one, or a checkpoint of
   * this database counted some): an empty table is then a truncation, never a new start.
   */
  chainStarted: boolean;
};

/**
 * Checks, before this process writes its first audit row, that the chain head was written with
 * this server's key (and that the newest checkpoint of this database, if any, was signed with it).
 * A second instance started without AUDIT_HMAC_KEY would otherwise generate a key of its own and
 * chain rows under it: every later row would look forged, for good.
 *
 * A trail written entirely before the key existed (plain SHA-256) is pinned here, once, by a
 * key-introduction row (key-introduction.ts).
 */
export async function checkAuditKey(
  db: Db,
  key: AuditKey = auditKey(),
  log: CheckpointLog = defaultCheckpointLog(key),
): Promise<KeyGuard> {
  const database = await databaseIdentity(db);
  const newest = await log.newest((c) => c.checkpoint.database === database);
  if (newest && !newest.signatureValid && newest.checkpoint.keyId !== key.keyId) {
    throw new AuditKeyMismatchError(
      `The audit key does not match the audit trail of this database (its newest checkpoint in ` +
        `${log.location}, of ${newest.checkpoint.time}, was signed with audit key ${newest.checkpoint.keyId}). ` +
        keyAdvice(key),
    );
  }
  const head = await chainHead(db);
  if (!head) {
    // Emptied after a checkpoint counted rows: nothing may start a new chain from zero here.
    const counted = await newestTrustedCheckpoint(log, database);
    if (counted && counted.rows > 0) {
      reportTrailBroken([
        {
          kind: "truncated",
          message:
            `the table holds none of the ${counted.rows} row(s) the checkpoint of ${counted.time} ` +
            `recorded (through row id ${counted.lastId}): it was emptied`,
        },
      ]);
      return { headChecked: false, chainStarted: true };
    }
    return { headChecked: false, chainStarted: false };
  }
  if (writtenWithKey(head, key)) return { headChecked: true, chainStarted: true };
  if (head.hash !== legacyRowHash(head.prevHash, head)) throw rowKeyMismatch(head.id, key);

  // The head carries a plain SHA-256 hash. Only a trail that never saw the key may be pinned as
  // written before it: once keyed (a key-introduction row, or a checkpoint of this database),
  // a plain row is a rewrite, which audit:verify names; nothing here vouches for it.
  const [introduced] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.action, KEY_INTRODUCTION.action),
        eq(auditLogs.entityType, KEY_INTRODUCTION.entityType),
      ),
    );
  if ((introduced?.n ?? 0) > 0 || newest) {
    throw new AuditKeyMismatchError(
      `The audit trail of this database was altered: row id ${head.id}, its newest row, carries a ` +
        "plain SHA-256 hash although the audit key was introduced before it. Run npm run audit:verify.",
    );
  }
  await introduceKey(db, key, head.id);
  return { headChecked: true, chainStarted: true };
}

/** Pins the legacy prefix ending at `headId` with a key-introduction row, unless another did. */
async function introduceKey(db: Db, key: AuditKey, headId: number): Promise<void> {
  const pinned = await db.transaction(
    async (tx) => {
      // Two instances upgrading at once: only the first pins (the lock is re-entrant in one transaction).
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
      const head = await chainHead(tx);
      if (!head || head.id !== headId) return null;
      const [{ rows } = { rows: 0 }] = await tx.select({ rows: count() }).from(auditLogs);
      const pin = { legacyThroughId: head.id, legacyLastHash: head.hash, legacyRows: rows };
      await appendAuditRows(tx, [keyIntroductionContent(pin)], key, {});
      return pin;
    },
    { isolationLevel: "read committed" },
  );
  // A warning, not an error: an upgrade does this once, and operators should see that it did.
  if (pinned)
    logWarn(
      `Audit key introduced: the ${pinned.legacyRows} audit row(s) written before it (through row id ` +
        `${pinned.legacyThroughId}) are pinned by a row hashed with the key.`,
    );
}

const holder = globalThis as unknown as { __registryAuditKeyGuards?: WeakMap<Db, Promise<KeyGuard>> };

/**
 * The check, once per database handle: every audited write awaits it, so a mismatch (kept, not
 * retried: only a restart with the right key repairs it) refuses every audited write.
 */
export function auditKeyGuard(db: Db): Promise<KeyGuard> {
  const guards = (holder.__registryAuditKeyGuards ??= new WeakMap());
  let guard = guards.get(db);
  if (!guard) {
    guard = checkAuditKey(db).catch((error: unknown) => {
      // A connection that failed is tried again at the next write; a wrong key is kept.
      if (!(error instanceof AuditKeyMismatchError)) guards.delete(db);
      throw error;
    });
    guards.set(db, guard);
  }
  return guard;
}
