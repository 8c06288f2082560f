import "server-only";
import type { Db } from "@/db/client";
import { CSV_DIALECTS } from "@/lib/csv/csv-cells";
import { csvRecord, dialectTextCell } from "@/lib/exports/cell-values";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { recordAudit } from "../audit/audit-writer";
import { batchStream, type BatchSource } from "../exports/export-stream";
import { issuesAfter } from "./import-job-queries";
import { openImportJob } from "./import-service";

/** Issues per read: the CSV streams page by page, however long the report. */
const PAGE = 2_000;
const COLUMNS = ["row", "column", "field", "code", "blocking", "message"];

/**
 * Every issue of an import job's report as CSV (docs/decisions/0037-bulk-import.md), in the
 * reader's words, with the formula guard of every CSV the registry writes. A download of the
 * study's data, so audited as an export.
 */
export async function importIssuesCsv(
  db: Db,
  actor: Actor,
  studyId: number,
  jobId: number,
  meta: RequestMeta,
  words: (text: string) => string,
): Promise<Response> {
  const job = await openImportJob(db, actor, studyId, jobId, "read");
  const fileName = `import-${job.id}-issues.csv`;
  const dialect = CSV_DIALECTS.comma;
  const encoder = new TextEncoder();
  const cell = (value: string | number | boolean | null) =>
    value === null ? "" : dialectTextCell(dialect, String(value));
  let after = 0;
  let finished = false;
  const source: BatchSource<Awaited<ReturnType<typeof issuesAfter>>> = {
    async next() {
      if (finished) return null;
      const rows = await issuesAfter(db, job.id, after, PAGE);
      finished = rows.length < PAGE;
      if (rows.length === 0) return null;
      after = rows.at(-1)!.seq;
      return rows;
    },
    encode(rows) {
      const text = rows
        .map((issue) =>
          csvRecord(
            [issue.row, issue.column, issue.field, issue.code, issue.blocking, words(issue.message)].map(
              cell,
            ),
            dialect,
          ),
        )
        .join("");
      return { bytes: encoder.encode(text), records: rows.length };
    },
    head: () => encoder.encode(csvRecord(COLUMNS, dialect)),
    tail: () => new Uint8Array(),
    settled: ({ status, records }) =>
      recordAudit(db, {
        action: "export",
        entityType: "import_job",
        entityId: job.id,
        studyId,
        actor: { userId: actor.userId, email: actor.email },
        meta,
        newValues: { format: "import-issues-csv", file_name: fileName, status, rows: records },
      }),
  };
  return new Response(batchStream(source), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
    },
  });
}
