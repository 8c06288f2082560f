import "server-only";
import type { auditLogs } from "@/db/schema";
import type { AuditLogEntry } from "@/lib/schemas/audit-logs";

export type AuditLogRow = typeof auditLogs.$inferSelect;

/** A trail row as the API shows it (timestamps in UTC, ISO 8601). */
export function toAuditEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    timestamp: row.timestamp.toISOString(),
    user_id: row.userId,
    user_email: row.userEmail,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    study_id: row.studyId,
    ip_address: row.ipAddress,
    reason: row.reason,
    old_values: row.oldValues,
    new_values: row.newValues,
  };
}
