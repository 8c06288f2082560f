import "server-only";
import { desc, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { auditLogs, type AuditAction } from "@/db/schema";
import type { RequestMeta } from "../api/request-meta";
import { auditRowHash, canonicalJson, GENESIS_HASH } from "./hash-chain";

export type AuditEntry = {
  action: AuditAction;
  entityType: string;
  entityId?: string | number | null;
  studyId?: number | null;
  actor?: { userId: number | null; email: string | null } | null;
  meta?: RequestMeta | null;
  reason?: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
};

/** Queues an audit entry; the rows are written when the transaction's work is done. */
export type AuditRecorder = (entry: AuditEntry) => void;

// One key for the whole table: rows join the chain one at a time, in commit order.
const AUDIT_CHAIN_LOCK = 727_274_001;

/** Never store secrets in the trail, whatever a caller passes. */
const REDACTED_KEYS = new Set(["password", "password_hash", "passwordHash", "refresh_token", "access_token"]);

function redact(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const clean = JSON.parse(canonicalJson(values)) as Record<string, unknown>;
  for (const key of Object.keys(clean)) if (REDACTED_KEYS.has(key)) clean[key] = "[redacted]";
  return clean;
}

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
  return db.transaction(async (tx) => {
    const entries: AuditEntry[] = [];
    let open = true;
    const result = await work(tx, (entry) => {
      // A recorder kept past the transaction would lose its entry silently: refuse loudly.
      if (!open) throw new Error("Audit entry recorded after its transaction's work had finished");
      entries.push(entry);
    });
    open = false;
    await appendAuditRows(tx, entries);
    return result;
  });
}

/** One audit row in a transaction of its own (sign-in refusals, denials, logouts without other work). */
export function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  return auditedTransaction(db, async (_tx, audit) => audit(entry));
}

async function appendAuditRows(tx: Tx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
  const [last] = await tx
    .select({ hash: auditLogs.hash })
    .from(auditLogs)
    .orderBy(desc(auditLogs.id))
    .limit(1);
  let prevHash = last?.hash ?? GENESIS_HASH;
  const timestamp = new Date();
  const rows = entries.map((entry) => {
    const row = {
      timestamp,
      userId: entry.actor?.userId ?? null,
      userEmail: entry.actor?.email ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      studyId: entry.studyId ?? null,
      ipAddress: entry.meta?.ip ?? null,
      reason: entry.reason ?? null,
      oldValues: redact(entry.oldValues),
      newValues: redact(entry.newValues),
    };
    const hash = auditRowHash(prevHash, row);
    const chained = { ...row, prevHash, hash };
    prevHash = hash;
    return chained;
  });
  // Identity values follow the array order, so the chain order is the id order.
  await tx.insert(auditLogs).values(rows);
}
