import "server-only";
import { desc, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
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
 * Appends one audit row inside the caller's transaction, so the row exists exactly when the change
 * does. Call it with the transaction that performs the write.
 */
export async function writeAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
  const [last] = await tx
    .select({ hash: auditLogs.hash })
    .from(auditLogs)
    .orderBy(desc(auditLogs.id))
    .limit(1);
  const prevHash = last?.hash ?? GENESIS_HASH;
  const row = {
    timestamp: new Date(),
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
  await tx.insert(auditLogs).values({ ...row, prevHash, hash: auditRowHash(prevHash, row) });
}
