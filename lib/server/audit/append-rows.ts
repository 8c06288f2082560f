import "server-only";
import { desc, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { auditLogs } from "@/db/schema";
import type { AuditKey } from "./audit-key";
import type { AuditRowContent } from "./audit-entry";
import { GENESIS_HASH, keyedRowHash } from "./hash-chain";

// One key for the whole table: rows join the chain one at a time, in commit order.
const AUDIT_CHAIN_LOCK = 727_274_001;

/**
 * Appends rows to the chain inside `tx`. Internal to the audit module: services go through
 * `auditedTransaction`, which calls this as the transaction's last statements. The rows' content is
 * prepared by the caller; once the lock is granted there are two round trips (the last hash by a
 * backward scan of the primary key, then one multi-row insert) and the commit.
 *
 * The lock and the read must stay separate statements: under READ COMMITTED each statement takes a
 * new snapshot, and only a snapshot taken after the lock is granted sees the previous holder's row.
 */
export async function appendAuditRows(tx: Tx, contents: AuditRowContent[], key: AuditKey): Promise<void> {
  if (contents.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
  const [last] = await tx
    .select({ hash: auditLogs.hash })
    .from(auditLogs)
    .orderBy(desc(auditLogs.id))
    .limit(1);
  let prevHash = last?.hash ?? GENESIS_HASH;
  const timestamp = new Date();
  const rows = contents.map((content) => {
    const row = { ...content, timestamp };
    const hash = keyedRowHash(key.chainKey, prevHash, row);
    const chained = { ...row, prevHash, hash };
    prevHash = hash;
    return chained;
  });
  // Identity values follow the array order, so the chain order is the id order.
  await tx.insert(auditLogs).values(rows);
}
