import "server-only";
import { and, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { CSV_DIALECTS } from "@/lib/csv/csv-cells";
import { AUDIT_EXPORT_COLUMNS, type AuditExportQuery, type AuditLogFilters } from "@/lib/schemas/audit-logs";
import type { RequestMeta } from "../api/request-meta";
import { logError } from "../api/log";
import type { Actor } from "../auth/actor";
import { recordAudit } from "../audit/audit-writer";
import { csvLine, exportFileName } from "./csv-cells";
import { NEWEST_FIRST, olderThan, requireAuditRead, trailWhere, type SortKey } from "./trail-filters";

/** Rows per query: each batch is one indexed keyset seek. */
const BATCH_ROWS = 5000;

/**
 * The CSV's columns straight from SQL: the time already as ISO 8601 UTC text and the values as
 * their JSON text, so no row is turned into objects and back on the way to the file.
 */
const EXPORT_COLUMNS = {
  id: auditLogs.id,
  timestamp: sql<string>`to_char(${auditLogs.timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  user_id: auditLogs.userId,
  user_email: auditLogs.userEmail,
  action: auditLogs.action,
  entity_type: auditLogs.entityType,
  entity_id: auditLogs.entityId,
  study_id: auditLogs.studyId,
  ip_address: auditLogs.ipAddress,
  reason: auditLogs.reason,
  old_values: sql<string | null>`${auditLogs.oldValues}::text`,
  new_values: sql<string | null>`${auditLogs.newValues}::text`,
} satisfies Record<(typeof AUDIT_EXPORT_COLUMNS)[number], unknown>;

/**
 * GET /admin/audit-logs/export/csv: the filtered trail, newest first, as a streamed CSV download.
 * The body is pulled batch by batch (keyset on the sort key, never OFFSET), so memory stays flat
 * however long the trail, and a slow client slows the reads instead of filling a buffer. The
 * export is itself audited (action `export`, the filters as new values) before the first byte.
 * `csv_format` chooses `,` or Excel's `;` with decimal commas and a byte-order mark (docs/decisions/0021).
 */
export async function exportAuditCsv(
  db: Db,
  actor: Actor,
  request: AuditExportQuery,
  meta: RequestMeta,
): Promise<Response> {
  requireAuditRead(actor);
  const { csv_format: csvFormat, ...filters } = request;
  const dialect = CSV_DIALECTS[csvFormat];
  const now = new Date();
  const fileName = exportFileName(now);
  await recordAudit(db, {
    action: "export",
    entityType: "audit_logs",
    actor: { userId: actor.userId, email: actor.email },
    studyId: filters.study_id ?? null,
    meta,
    newValues: {
      format: "csv",
      csv_format: csvFormat,
      file_name: fileName,
      filters: describeFilters(filters),
    },
  });
  const where = await trailWhere(db, filters);
  const encoder = new TextEncoder();
  const query = (after: SortKey | null) =>
    db
      .select(EXPORT_COLUMNS)
      .from(auditLogs)
      .where(after ? and(where, olderThan(after)) : where)
      .orderBy(...NEWEST_FIRST)
      .limit(BATCH_ROWS);
  const batchAfter = (after: SortKey | null) => {
    // then() runs the query builder and gives a real Promise to hold while the last batch is sent.
    const rows = query(after).then((batch) => batch);
    // Read ahead: a failure is thrown where the batch is awaited, never as an unhandled rejection.
    rows.catch(() => {});
    return rows;
  };
  // One batch is read ahead while the previous one is encoded and sent: at most two in memory.
  let next: ReturnType<typeof batchAfter> | null = null;
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          next = batchAfter(null);
          controller.enqueue(encoder.encode(dialect.bom + csvLine(AUDIT_EXPORT_COLUMNS, dialect)));
          return;
        }
        const rows = await next!;
        if (rows.length === 0) {
          controller.close();
          return;
        }
        const last = rows.at(-1)!;
        next =
          rows.length < BATCH_ROWS
            ? Promise.resolve([])
            : batchAfter({ ms: Date.parse(last.timestamp), id: last.id });
        let chunk = "";
        for (const row of rows)
          chunk += csvLine(
            AUDIT_EXPORT_COLUMNS.map((column) => row[column]),
            dialect,
          );
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        // Headers are gone already: the client sees a cut-off download, the log says why.
        logError("Audit CSV export failed while streaming", error);
        controller.error(error);
      }
    },
    cancel() {
      // The client went away: the read ahead finishes on its own, nothing more is read.
      next = null;
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
    },
  });
}

/** The filters as stored in the export's audit row (dates in UTC). */
function describeFilters(filters: AuditLogFilters): Record<string, unknown> {
  const described: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    described[name] = value instanceof Date ? value.toISOString() : value;
  }
  return described;
}
