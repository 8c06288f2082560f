import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { cancelImport } from "@/lib/server/imports/import-service";
import { ImportJobParams } from "@/lib/schemas/import-jobs";

export const POST = apiRoute({
  params: ImportJobParams,
  handler: async ({ req, db, actor, params, meta }) =>
    cancelImport(db, actor, params.id, params.jobId, meta, await apiWords(req.headers, actor)),
});
