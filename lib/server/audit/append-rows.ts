import "server-only";
import { desc, sql } from "drizzle-orm";
import pg from "pg";
import type { Db, Tx } from "@/db/client";
import { auditLogs } from "@/db/schema";
import type { AuditKey } from "./audit-key";
import type { AuditRowContent } from "./audit-entry";
import { chainRows, GENESIS_HASH } from "./hash-chain";
import { rowKeyMismatch, writtenWithKey } from "./key-guard";

// One key for the whole table: rows join the chain one at a time, in commit order.
export const AUDIT_CHAIN_LOCK = 727_274_001;

/**
 * Appends rows to the chain inside `tx`. Internal to the audit module: services go through
 * `auditedTransaction`, which calls this as the transaction's last statements. The rows' content is
 * prepared by the caller; from the moment the lock is granted to the commit there are as few round
 * trips as the driver allows, because every other writer waits for exactly this stretch.
 *
 * The lock and the read of the last hash must be separate statements: under READ COMMITTED each
 * statement takes a new snapshot, and only a snapshot taken after the lock is granted sees the
 * previous holder's row. With `pipelined` (node-postgres), both go in one simple-protocol query
 * (one round trip; the server still runs them one after the other, each with its own snapshot);
 * PGlite prepares every query, so there they are two.
 *
 * With `checkHead` (the first write of a process that found the trail empty), the whole head row
 * is read and must have been written with `key`: two instances with different keys that started
 * on an empty trail must not both chain rows.
 */
export async function appendAuditRows(
  tx: Tx,
  contents: AuditRowContent[],
  key: AuditKey,
  { pipelined, checkHead = false }: { pipelined: boolean; checkHead?: boolean },
): Promise<void> {
  if (contents.length === 0) return;
  let lastHash: string | undefined;
  if (checkHead) {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const [head] = await tx.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    if (head && !writtenWithKey(head, key)) throw rowKeyMismatch(head.id, key);
    lastHash = head?.hash;
  } else if (pipelined) {
    const results = await tx.execute(
      sql.raw(
        `select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}); select hash from audit_logs order by id desc limit 1`,
      ),
    );
    const [, last] = results as unknown as [unknown, { rows: { hash: string }[] }];
    if (!last?.rows) throw new Error("The audit chain head query did not answer two results");
    lastHash = last.rows[0]?.hash;
  } else {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const [last] = await tx
      .select({ hash: auditLogs.hash })
      .from(auditLogs)
      .orderBy(desc(auditLogs.id))
      .limit(1);
    lastHash = last?.hash;
  }
  const timestamp = new Date();
  const { rows } = chainRows(
    key.chainKey,
    lastHash ?? GENESIS_HASH,
    contents.map((content) => ({ ...content, timestamp })),
  );
  // Identity values follow the array order, so the chain order is the id order.
  await tx.insert(auditLogs).values(rows);
}

/** Whether `db` runs on node-postgres, whose parameterless queries may hold several statements. */
export function canPipeline(db: Db): boolean {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool || client instanceof pg.Client;
}
