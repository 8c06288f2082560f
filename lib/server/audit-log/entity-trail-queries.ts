import "server-only";
import { and, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { auditLogs } from "@/db/schema";
import type { AuditLogRow } from "./audit-entry-response";

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

export async function readPatientTrail(
  tx: Queryable,
  p: { patientId: number; visitIds: number[]; limit: number; offset: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = patientTrailFilter(p.patientId, p.visitIds);
  const [rows, [totalRow]] = await Promise.all([
    tx
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
      .limit(p.limit)
      .offset(p.offset),
    tx.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}
