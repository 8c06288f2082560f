import { apiRoute } from "@/lib/server/api/route";
import { lockVisit } from "@/lib/server/clinical/visit-lock";
import { VisitIdParams } from "@/lib/schemas/visits";

export const POST = apiRoute({
  params: VisitIdParams,
  handler: ({ db, actor, params, meta }) => lockVisit(db, actor, params.id, meta),
});
