import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { auditLogs } from "@/db/schema";
import type { Queryable } from "@/db/client";
import type { AuditLogFilters } from "@/lib/schemas/audit-logs";
import { forbidden } from "../api/errors";
import type { Actor } from "../auth/actor";
import { hasPlatformPermission } from "../auth/policy";
import { visitIdsOfPatient } from "../clinical/visit-queries";
import { likeContains } from "../sql-like";
import { patientTrailFilter } from "./entity-trail-queries";

/**
 * The whole trail (every study, sign-ins, denials, IP addresses) is read by platform admins only
 * (policy `audit.read`). Study roles read the trail of the patients they may see through the
 * patient detail's Patient Audit Trail (entity-trail.ts), never the platform's (decision 0015).
 */
export function requireAuditRead(actor: Actor) {
  if (!hasPlatformPermission(actor, "audit.read")) {
    throw forbidden(messageRef("api.audit.adminsOnly"), { entityType: "audit_logs" });
  }
}

/**
 * One SQL condition for the page's filters; absent filters add nothing. A patient filter is the
 * patient's rows and its visits' rows (deleted visits included: their rows are its story too).
 */
export async function trailWhere(db: Queryable, filters: Partial<AuditLogFilters>): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (filters.patient_id !== undefined) {
    const visitIds = await visitIdsOfPatient(db, filters.patient_id);
    conditions.push(patientTrailFilter(filters.patient_id, visitIds));
  }
  if (filters.search) {
    const pattern = likeContains(filters.search);
    conditions.push(
      or(
        ilike(auditLogs.userEmail, pattern),
        ilike(auditLogs.entityType, pattern),
        ilike(auditLogs.entityId, pattern),
      )!,
    );
  }
  if (filters.action) conditions.push(eq(auditLogs.action, filters.action));
  if (filters.entity_type) conditions.push(eq(auditLogs.entityType, filters.entity_type));
  if (filters.study_id !== undefined) conditions.push(eq(auditLogs.studyId, filters.study_id));
  if (filters.start_date) conditions.push(gte(auditLogs.timestamp, filters.start_date));
  if (filters.end_date) conditions.push(lte(auditLogs.timestamp, filters.end_date));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The filters as a cache key (dates as ISO strings, absent filters left out). */
export const filterKey = (filters: Partial<AuditLogFilters>) =>
  JSON.stringify([
    filters.patient_id,
    filters.search,
    filters.action,
    filters.entity_type,
    filters.study_id,
    filters.start_date?.toISOString(),
    filters.end_date?.toISOString(),
  ]);

export type SortKey = { ms: number; id: number };

/**
 * The trail reads newest first, by (timestamp, id): the indexes on (action|study|user|entity type,
 * timestamp) and on timestamp serve both the order and a keyset seek from a row's sort key.
 */
export const NEWEST_FIRST = [desc(auditLogs.timestamp), desc(auditLogs.id)] as const;

const keyTime = (key: SortKey) => sql`${new Date(key.ms).toISOString()}::timestamptz`;

/** Rows after `key` in the newest-first order (older rows). */
export const olderThan = (key: SortKey) =>
  sql`(${auditLogs.timestamp}, ${auditLogs.id}) < (${keyTime(key)}, ${key.id})`;

/** Rows before `key` in the newest-first order (newer rows). */
export const newerThan = (key: SortKey) =>
  sql`(${auditLogs.timestamp}, ${auditLogs.id}) > (${keyTime(key)}, ${key.id})`;
