import "server-only";
import { and, count, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import {
  AUDIT_LOG_LIMITS,
  type AuditStatisticsQuery,
  type AuditStatisticsResponse,
} from "@/lib/schemas/audit-logs";
import type { Actor } from "../auth/actor";
import { addCounts, appendOnlyAggregate } from "./append-only-totals";
import { filterKey, requireAuditRead, trailWhere } from "./trail-filters";

type Counts = { byAction: Record<string, number>; byUser: Record<string, number> };

/**
 * Spec §3 statistics: the total and the top five actions and users for the period and study.
 * The full per-action and per-user counts are kept (appendOnlyAggregate), so a later call adds
 * only the rows written since, and the top five are picked from the merged counts.
 */
export async function auditStatistics(
  db: Db,
  actor: Actor,
  query: AuditStatisticsQuery,
): Promise<AuditStatisticsResponse> {
  requireAuditRead(actor);
  const where = await trailWhere(db, query);
  const counts = await appendOnlyAggregate<Counts>(
    db,
    `statistics:${filterKey(query)}`,
    (rows) => countsOf(db, and(where, rows)!),
    (a, b) => ({ byAction: addCounts(a.byAction, b.byAction), byUser: addCounts(a.byUser, b.byUser) }),
  );
  return {
    total_entries: Object.values(counts.byAction).reduce((sum, n) => sum + n, 0),
    entries_by_action: topEntries(counts.byAction),
    entries_by_user: topEntries(counts.byUser),
  };
}

async function countsOf(db: Db, where: SQL): Promise<Counts> {
  // Rows without a user (start-up, the seed) are the page's 'System' rows. A literal, not a
  // parameter: GROUP BY must see the very expression of the select list.
  const user = sql<string>`coalesce(${auditLogs.userEmail}, 'System')`;
  const [byAction, byUser] = await Promise.all([
    db.select({ key: auditLogs.action, n: count() }).from(auditLogs).where(where).groupBy(auditLogs.action),
    db.select({ key: user, n: count() }).from(auditLogs).where(where).groupBy(user),
  ]);
  return {
    byAction: Object.fromEntries(byAction.map((r) => [r.key, r.n])),
    byUser: Object.fromEntries(byUser.map((r) => [r.key, r.n])),
  };
}

/** The five largest counts, largest first (ties by name, so the answer is stable). */
function topEntries(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts)
      .sort(([ka, a], [kb, b]) => b - a || (ka < kb ? -1 : ka > kb ? 1 : 0))
      .slice(0, AUDIT_LOG_LIMITS.topEntries),
  );
}
