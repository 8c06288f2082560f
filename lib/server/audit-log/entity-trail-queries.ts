import "server-only";
import { and, count, desc, eq, inArray, ne, or, type SQL } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { auditLogs, users } from "@/db/schema";
import type { TrailEntry } from "@/lib/schemas/audit-logs";

/** Rows about one patient and its visits (audit_logs_entity_idx serves each arm of the OR). */
export function patientTrailFilter(patientId: number, visitIds: number[]): SQL {
  const patientRows = and(eq(auditLogs.entityType, "patient"), eq(auditLogs.entityId, String(patientId)))!;
  if (visitIds.length === 0) return patientRows;
  const visitRows = and(
    eq(auditLogs.entityType, "visit"),
    inArray(auditLogs.entityId, visitIds.map(String)),
  )!;
  return or(patientRows, visitRows)!;
}

/**
 * One page of a patient's trail, without refused accesses (security events, shown to admins only:
 * docs/decisions/0018) and naming authors by their name: the columns holding emails and addresses
 * are not even read.
 */
export async function readPatientTrail(
  tx: Queryable,
  p: { patientId: number; visitIds: number[]; limit: number; offset: number },
): Promise<{ rows: Omit<TrailEntry, "readable">[]; total: number }> {
  const where = and(patientTrailFilter(p.patientId, p.visitIds), ne(auditLogs.action, "access_denied"));
  const [rows, [totalRow]] = await Promise.all([
    tx
      .select({
        id: auditLogs.id,
        timestamp: auditLogs.timestamp,
        user_id: auditLogs.userId,
        user_name: users.fullName,
        action: auditLogs.action,
        entity_type: auditLogs.entityType,
        entity_id: auditLogs.entityId,
        study_id: auditLogs.studyId,
        reason: auditLogs.reason,
        old_values: auditLogs.oldValues,
        new_values: auditLogs.newValues,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
      .limit(p.limit)
      .offset(p.offset),
    tx.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      timestamp: row.timestamp.toISOString(),
      user_name: row.user_name ?? (row.user_id === null ? null : `User #${row.user_id}`),
      old_values: row.old_values ?? null,
      new_values: row.new_values ?? null,
    })),
    total: totalRow?.n ?? 0,
  };
}
