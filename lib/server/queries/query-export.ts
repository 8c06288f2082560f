import "server-only";
import type { Db } from "@/db/client";
import { CSV_DIALECTS, type CsvDialect } from "@/lib/csv/csv-cells";
import { utcFileStamp } from "@/lib/download-stamp";
import { csvRecord } from "@/lib/exports/cell-values";
import { queryStepColumns, queryStepRecords, type QueryThread } from "@/lib/exports/query-step-rows";
import { daysOpen } from "@/lib/exports/review-records";
import { messageRef } from "@/lib/i18n/message-ref";
import type { QueryExportQuery } from "@/lib/schemas/queries";
import { notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { recordAudit } from "../audit/audit-writer";
import { openClinicalStudy } from "../clinical/clinical-study";
import {
  listQueryPage,
  stepsOfQueries,
  type QueryListRow,
  type QueryStepView,
} from "../clinical/query-queries";
import { batchStream, type BatchSource } from "../exports/export-stream";
import { findStudyById } from "../studies/study-queries";
import { queryFilterOf } from "./query-service";

/** Queries per batch: one keyset seek for them and one indexed read of their threads. */
export const QUERY_EXPORT_BATCH = 500;

/**
 * The export's format: `,` between cells and a UTF-8 byte-order mark, as the study export writes
 * for Excel (docs/decisions/0021), so accented letters in a step's text survive a double-click.
 */
const DIALECT: CsvDialect = { ...CSV_DIALECTS.comma, bom: "\uFEFF" };

type Batch = { queries: QueryListRow[]; steps: QueryStepView[] };

const COLUMNS = queryStepColumns({ deidentify: false });

/** A record per step of each query of the batch, in the list's order, each thread oldest first. */
function encodeBatch(batch: Batch, now: Date): { text: string; records: number } {
  const byQuery = new Map<number, QueryStepView[]>();
  for (const step of batch.steps) {
    const thread = byQuery.get(step.queryId);
    if (thread) thread.push(step);
    else byQuery.set(step.queryId, [step]);
  }
  const threads: QueryThread[] = batch.queries.map((row) => ({
    queryId: row.id,
    patientCode: row.patientCode,
    query: {
      id: row.id,
      entity_type: row.entityType,
      visit_id: row.visitId,
      visit_number: row.visitNumber,
      visit_type: row.visitType,
      field: row.field,
      status: row.status,
      assignee_id: row.assigneeId,
      created_at: row.createdAt.toISOString(),
      closed_at: row.closedAt?.toISOString() ?? null,
      days_open: daysOpen(row.createdAt, row.closedAt, now),
      steps: (byQuery.get(row.id) ?? []).map((step) => ({
        kind: step.kind,
        category: step.category,
        text: step.text,
        user_id: step.userId,
        user_name: step.userName,
        created_at: step.createdAt.toISOString(),
      })),
    },
  }));
  return queryStepRecords(threads, COLUMNS, DIALECT);
}

/**
 * GET /api/queries/export (docs/decisions/0030): the threads of the study's queries in the actor's
 * clinical scope, selected by the list's filters, as a CSV with a record per step. Read in keyset
 * batches of queries through the list's own SQL (so the scope is exactly the list's), streamed;
 * audited as an `export` of the study before the first byte, and its end (records sent) too.
 */
export async function exportQueries(
  db: Db,
  actor: Actor,
  query: QueryExportQuery,
  meta: RequestMeta,
): Promise<Response> {
  const study = await openClinicalStudy(db, actor, query.study_id, "clinical.read");
  const row = await findStudyById(db, study.id);
  if (!row) throw notFound(messageRef("api.studies.notFound"));
  const now = new Date();
  const fileName = `${row.code}_queries_${utcFileStamp(now)}.csv`;
  const filter = queryFilterOf(study.id, study.access.patientScope, query, now);
  const { order } = query;
  // What was asked, as given: the study is the row's own, the order is said apart.
  const filters = Object.fromEntries(
    Object.entries(query).filter(
      ([key, value]) => key !== "study_id" && key !== "order" && value !== undefined,
    ),
  );
  const auditBase = {
    action: "export" as const,
    entityType: "study",
    entityId: study.id,
    studyId: study.id,
    actor: { userId: actor.userId, email: actor.email },
    meta,
  };
  await recordAudit(db, {
    ...auditBase,
    newValues: {
      format: "queries-csv",
      file_name: fileName,
      order,
      filters,
      patient_scope: study.access.patientScope.kind,
    },
  });

  const encoder = new TextEncoder();
  let after: { createdAt: string; id: number } | null = null;
  let finished = false;
  const source: BatchSource<Batch> = {
    async next() {
      if (finished) return null;
      const rows = await listQueryPage(db, filter, { order, limit: QUERY_EXPORT_BATCH, after });
      const last = rows.at(-1);
      finished = rows.length < QUERY_EXPORT_BATCH || !last;
      if (!last) return null;
      after = { createdAt: last.createdAtKey, id: last.id };
      const steps = await stepsOfQueries(db, { studyId: study.id, queryIds: rows.map((r) => r.id) });
      return { queries: rows, steps };
    },
    encode(batch) {
      const { text: body, records } = encodeBatch(batch, now);
      return { bytes: encoder.encode(body), records };
    },
    head: () => encoder.encode(DIALECT.bom + csvRecord(COLUMNS, DIALECT)),
    tail: () => new Uint8Array(),
    settled: ({ status, records }) =>
      recordAudit(db, { ...auditBase, newValues: { file_name: fileName, status, rows: records } }),
  };
  return new Response(batchStream(source), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
    },
  });
}
