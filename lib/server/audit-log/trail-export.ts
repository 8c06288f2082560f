import "server-only";
import { and } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { AUDIT_EXPORT_COLUMNS, type AuditLogFilters } from "@/lib/schemas/audit-logs";
import type { RequestMeta } from "../api/request-meta";
import { logError } from "../api/log";
import type { Actor } from "../auth/actor";
import { recordAudit } from "../audit/audit-writer";
import { toAuditEntry } from "./audit-entry-response";
import { csvLine, exportFileName } from "./csv-cells";
import {
  NEWEST_FIRST,
  olderThan,
  requireAuditRead,
  sortKeyOf,
  trailWhere,
  type SortKey,
} from "./trail-filters";

/** Rows per query: each batch is one indexed keyset seek, and only one batch is held at a time. */
const BATCH_ROWS = 2000;

/**
 * GET /admin/audit-logs/export/csv: the filtered trail, newest first, as a streamed CSV download.
 * The body is pulled batch by batch (keyset on the sort key, never OFFSET), so memory stays flat
 * however long the trail, and a slow client slows the reads instead of filling a buffer. The
 * export is itself audited (action `export`, the filters as new values) before the first byte.
 */
export async function exportAuditCsv(
  db: Db,
  actor: Actor,
  filters: AuditLogFilters,
  meta: RequestMeta,
): Promise<Response> {
  requireAuditRead(actor);
  const now = new Date();
  const fileName = exportFileName(now);
  await recordAudit(db, {
    action: "export",
    entityType: "audit_logs",
    actor: { userId: actor.userId, email: actor.email },
    studyId: filters.study_id ?? null,
    meta,
    newValues: { format: "csv", file_name: fileName, filters: describeFilters(filters) },
  });
  const where = trailWhere(filters);
  const encoder = new TextEncoder();
  let after: SortKey | null = null;
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvLine(AUDIT_EXPORT_COLUMNS)));
          return;
        }
        const rows = await db
          .select()
          .from(auditLogs)
          .where(after ? and(where, olderThan(after)) : where)
          .orderBy(...NEWEST_FIRST)
          .limit(BATCH_ROWS);
        if (rows.length === 0) {
          controller.close();
          return;
        }
        after = sortKeyOf(rows.at(-1)!);
        let chunk = "";
        for (const row of rows) {
          const entry = toAuditEntry(row);
          chunk += csvLine(AUDIT_EXPORT_COLUMNS.map((column) => entry[column]));
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        // Headers are gone already: the client sees a cut-off download, the log says why.
        logError("Audit CSV export failed while streaming", error);
        controller.error(error);
      }
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
