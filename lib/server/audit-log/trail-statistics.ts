import "server-only";
import { count, desc, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import {
  AUDIT_LOG_LIMITS,
  type AuditStatisticsQuery,
  type AuditStatisticsResponse,
} from "@/lib/schemas/audit-logs";
import type { Actor } from "../auth/actor";
import { requireAuditRead, trailWhere } from "./trail-filters";


/**
 * Spec §3 statistics: the total and the top five actions and users for the period and study.
 * Three aggregates, run side by side where the driver has a pool.
 */
export async function auditStatistics(
  db: Db,
  actor: Actor,
  query: AuditStatisticsQuery,
): Promise<AuditStatisticsResponse> {
  requireAuditRead(actor);
  const where = trailWhere(query);
  const top = AUDIT_LOG_LIMITS.topEntries;
  // Rows without a user (start-up, the seed) are the page's 'System' rows. A literal, not a
  // parameter: GROUP BY must see the very expression of the select list.
  const user = sql<string>`coalesce(${auditLogs.userEmail}, 'System')`;
  const [[total], byAction, byUser] = await Promise.all([
    db.select({ n: count() }).from(auditLogs).where(where),
    db
      .select({ key: auditLogs.action, n: count() })
      .from(auditLogs)
      .where(where)
      .groupBy(auditLogs.action)
      .orderBy(desc(count()), auditLogs.action)
      .limit(top),
    db
      .select({ key: user, n: count() })
      .from(auditLogs)
      .where(where)
      .groupBy(user)
      .orderBy(desc(count()), user)
      .limit(top),
  ]);
  return {
    total_entries: total?.n ?? 0,
    entries_by_action: Object.fromEntries(byAction.map((r) => [r.key, r.n])),
    entries_by_user: Object.fromEntries(byUser.map((r) => [r.key, r.n])),
  };
}
