import "server-only";
import { and, asc, count, eq, not, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import type {
  AuditEntryListResponse,
  AuditLogListQuery,
  AuditLogListResponse,
  AuditPageCursor,
  UserActivityParams,
  UserActivityQuery,
} from "@/lib/schemas/audit-logs";
import type { Locale } from "@/lib/i18n/locales";
import type { Actor } from "../auth/actor";
import { toAuditEntry, type AuditLogRow } from "./audit-entry-response";
import { appendOnlyAggregate } from "./append-only-totals";
import { withReadableForm } from "./readable-trail";
import { filterKey, NEWEST_FIRST, newerThan, olderThan, requireAuditRead, trailWhere } from "./trail-filters";

/** A cursor further than this many pages from the asked page is ignored (the page window is 5). */
const MAX_CURSOR_GAP = 10;

/**
 * One page of the trail, newest first, and the number of rows matching the filters (spec §7:
 * items, total; 'Showing X to Y of Z results'). A page is reached without scanning the pages
 * before it: from the client's cursor (the sort keys of the page it shows) by a keyset seek plus
 * an offset of at most a few pages; without a cursor, from whichever end of the trail is nearer
 * (the first and the last pages are equally cheap). The count is kept up to date per filter set
 * (append-only-totals.ts): paging pays for it once. Clinical rows come with their readable form in
 * `locale` (docs/decisions/0026), one row each: the page counts rows.
 */
export async function listAuditLogs(
  db: Db,
  actor: Actor,
  query: AuditLogListQuery,
  locale: Locale,
): Promise<AuditLogListResponse> {
  requireAuditRead(actor);
  const where = await trailWhere(db, query);
  const total = await appendOnlyAggregate(
    db,
    `count:${filterKey(query)}`,
    async (rows) => {
      const [row] = await db.select({ n: count() }).from(auditLogs).where(and(where, rows));
      return row?.n ?? 0;
    },
    (a, b) => a + b,
  );
  const rows = await pageRows(db, where, query.page, query.page_size, total, query.cursor);
  const items = await withReadableForm(db, rows.map(toAuditEntry), locale, { group: false });
  return { items, total, page: query.page, page_size: query.page_size };
}

async function pageRows(
  db: Db,
  where: SQL | undefined,
  page: number,
  size: number,
  total: number,
  cursor: AuditPageCursor | undefined,
): Promise<AuditLogRow[]> {
  const start = (page - 1) * size;
  if (start >= total) return [];
  const base = () => db.select().from(auditLogs);
  if (cursor && Math.abs(page - cursor.page) <= MAX_CURSOR_GAP) {
    if (page === cursor.page) {
      return base()
        .where(and(where, not(newerThan(cursor.first))))
        .orderBy(...NEWEST_FIRST)
        .limit(size);
    }
    if (page > cursor.page) {
      return base()
        .where(and(where, olderThan(cursor.last)))
        .orderBy(...NEWEST_FIRST)
        .offset((page - cursor.page - 1) * size)
        .limit(size);
    }
    const rows = await base()
      .where(and(where, newerThan(cursor.first)))
      .orderBy(asc(auditLogs.timestamp), asc(auditLogs.id))
      .offset((cursor.page - page - 1) * size)
      .limit(size);
    return rows.reverse();
  }
  const end = Math.min(start + size, total);
  if (start <= total - end) {
    return base()
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .offset(start)
      .limit(size);
  }
  // Nearer the oldest row: read the page backwards from that end.
  const rows = await base()
    .where(where)
    .orderBy(asc(auditLogs.timestamp), asc(auditLogs.id))
    .offset(total - end)
    .limit(end - start);
  return rows.reverse();
}

/** GET /admin/audit-logs/user/{id}: a user's latest actions, newest first (spec: limit 100). */
export async function userActivity(
  db: Db,
  actor: Actor,
  params: UserActivityParams,
  query: UserActivityQuery,
): Promise<AuditEntryListResponse> {
  requireAuditRead(actor);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.userId, params.id))
    .orderBy(...NEWEST_FIRST)
    .limit(query.limit);
  return { items: rows.map(toAuditEntry) };
}
