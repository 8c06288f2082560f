import "server-only";
import type { Db, Tx } from "@/db/client";
import { appendAuditRows } from "./append-rows";
import { auditKey } from "./audit-key";
import { auditRowContent, type AuditEntry } from "./audit-entry";
import { noteAuditCommit } from "./checkpointer";
import { auditKeyGuard } from "./key-guard";

export type { AuditEntry } from "./audit-entry";

/** Queues an audit entry; the rows are written when the transaction's work is done. */
export type AuditRecorder = (entry: AuditEntry) => void;

/**
 * The only way to write audited changes: runs `work` in one transaction and appends the audit rows
 * it recorded as the transaction's LAST statements. The chain lock (a transaction-scoped advisory
 * lock, held until commit) is therefore taken only after all other work is done, so concurrent
 * writers wait for one insert and a commit, not for each other's business logic. The rows exist
 * exactly when the change does: a rollback removes both.
 */
export async function auditedTransaction<T>(
  db: Db,
  work: (tx: Tx, audit: AuditRecorder) => Promise<T>,
): Promise<T> {
  const key = auditKey();
  // Before this process's first audit row: the trail must have been written with this key.
  const guard = await auditKeyGuard(db);
  let wrote = false;
  const result = await db.transaction(
    async (tx) => {
      const entries: AuditEntry[] = [];
      let open = true;
      const value = await work(tx, (entry) => {
        // A recorder kept past the transaction would lose its entry silently: refuse loudly.
        if (!open) throw new Error("Audit entry recorded after its transaction's work had finished");
        entries.push(entry);
      });
      open = false;
      await appendAuditRows(tx, entries.map(auditRowContent), key, {
        checkHead: !guard.headChecked,
        expectHead: guard.chainStarted,
      });
      wrote = entries.length > 0;
      return value;
      // Explicit, whatever the database's default_transaction_isolation: the read of the chain head
      // after the lock must take a new snapshot, which only READ COMMITTED does. Under REPEATABLE READ
      // or SERIALIZABLE the snapshot is taken at the first statement, before the lock, and two writers
      // would both link to the same head (a forked chain).
    },
    { isolationLevel: "read committed" },
  );
  // Committed: the chain head moved, so a signed checkpoint of it is due (throttled).
  if (wrote) {
    guard.headChecked = true;
    guard.chainStarted = true;
    noteAuditCommit(db);
  }
  return result;
}

/** One audit row in a transaction of its own (sign-in refusals, denials, logouts without other work). */
export function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  return auditedTransaction(db, async (_tx, audit) => audit(entry));
}
