import { inList } from "./sql-helpers";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS, type AuditAction } from "../../lib/schemas/audit-actions";

export { AUDIT_ACTIONS, type AuditAction };

/**
 * Append-only audit trail (21 CFR Part 11). The database refuses UPDATE, DELETE and TRUNCATE
 * (triggers in the migrations), and each row's hash covers its content and its predecessor's hash,
 * so any edit, deletion or reordering is caught by `npm run audit:verify`.
 * No foreign keys: the trail must outlive whatever it describes.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    timestamp: timestamp("timestamp", { withTimezone: true, precision: 3 }).notNull(),
    userId: integer("user_id"),
    userEmail: text("user_email"),
    action: text("action").$type<AuditAction>().notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    studyId: integer("study_id"),
    ipAddress: text("ip_address"),
    reason: text("reason"),
    oldValues: jsonb("old_values").$type<Record<string, unknown>>(),
    newValues: jsonb("new_values").$type<Record<string, unknown>>(),
    // The name of the personal API token the request came with (docs/decisions/0036-personal-api-tokens.md);
    // null for a session. Hashed with the row when present.
    apiToken: text("api_token"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull().unique(),
  },
  (t) => [
    check("audit_logs_action_check", inList(t.action, AUDIT_ACTIONS)),
    // The Audit Logs page reads newest first by (timestamp, id) and seeks from a row's sort key:
    // each filter's index ends in those two columns, so a page is one index range scan.
    index("audit_logs_timestamp_idx").on(t.timestamp, t.id),
    index("audit_logs_entity_idx").on(t.entityType, t.entityId),
    index("audit_logs_entity_type_idx").on(t.entityType, t.timestamp, t.id),
    index("audit_logs_user_idx").on(t.userId, t.timestamp, t.id),
    index("audit_logs_study_idx").on(t.studyId, t.timestamp, t.id),
    index("audit_logs_action_idx").on(t.action, t.timestamp, t.id),
  ],
);
