import { apiRoute } from "@/lib/server/api/route";
import { unlockVisit } from "@/lib/server/clinical/visit-lock";
import { ReasonBody } from "@/lib/schemas/patients";
import { VisitIdParams } from "@/lib/schemas/visits";

export const POST = apiRoute({
  params: VisitIdParams,
  body: ReasonBody,
  handler: ({ db, actor, params, body, meta }) => unlockVisit(db, actor, params.id, body.reason, meta),
});
