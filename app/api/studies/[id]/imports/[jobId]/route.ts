import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { getImport } from "@/lib/server/imports/import-service";
import { ImportJobParams } from "@/lib/schemas/import-jobs";

export const GET = apiRoute({
  params: ImportJobParams,
  handler: async ({ req, db, actor, params }) =>
    getImport(db, actor, params.id, params.jobId, await apiWords(req.headers, actor)),
});
