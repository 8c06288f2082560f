import { apiRoute } from "@/lib/server/api/route";
import { apiLocale } from "@/lib/server/i18n/api-locale";
import { apiWords } from "@/lib/server/i18n/translator";
import { listImports, startImport } from "@/lib/server/imports/import-service";
import { StudyIdParams } from "@/lib/schemas/studies";

/** Bulk import jobs of a study (docs/decisions/0037-bulk-import.md). */
export const GET = apiRoute({
  params: StudyIdParams,
  handler: async ({ req, db, actor, params }) =>
    listImports(db, actor, params.id, await apiWords(req.headers, actor)),
});

/** multipart/form-data: `file` (or `preview_job_id`), `format`, `mode`; answers the queued job. */
export const POST = apiRoute({
  params: StudyIdParams,
  status: 202,
  handler: ({ req, db, actor, params, meta }) =>
    startImport(db, actor, params.id, req, meta, apiLocale(req.headers, actor)),
});
