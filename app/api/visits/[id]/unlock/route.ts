import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { unlockVisit } from "@/lib/server/clinical/visit-lock";
import { ReasonBody } from "@/lib/schemas/patients";
import { VisitIdParams } from "@/lib/schemas/visits";

export const POST = apiRoute({
  params: VisitIdParams,
  body: ReasonBody,
  handler: async ({ req, db, actor, params, body, meta }) =>
    unlockVisit(db, actor, params.id, body.reason, meta, await apiWords(req.headers, actor)),
});
