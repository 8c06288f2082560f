import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { lockVisit } from "@/lib/server/clinical/visit-lock";
import { VisitIdParams } from "@/lib/schemas/visits";

export const POST = apiRoute({
  params: VisitIdParams,
  handler: async ({ req, db, actor, params, meta }) =>
    lockVisit(db, actor, params.id, meta, await apiWords(req.headers, actor)),
});
