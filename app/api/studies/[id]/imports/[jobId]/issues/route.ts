import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { importIssuesCsv } from "@/lib/server/imports/import-issues-csv";
import { ImportJobParams } from "@/lib/schemas/import-jobs";

/** Every issue of a job's report as CSV (text/csv), in the caller's words. */
export const GET = apiRoute({
  params: ImportJobParams,
  handler: async ({ req, db, actor, params, meta }) =>
    importIssuesCsv(db, actor, params.id, params.jobId, meta, await apiWords(req.headers, actor)),
});
