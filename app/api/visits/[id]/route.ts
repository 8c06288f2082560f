import { apiRoute } from "@/lib/server/api/route";
import { deleteVisit, getVisit, updateVisit } from "@/lib/server/clinical/visit-service";
import { ReasonBody } from "@/lib/schemas/patients";
import { VisitIdParams, VisitUpdateBody } from "@/lib/schemas/visits";

export const GET = apiRoute({
  params: VisitIdParams,
  handler: ({ db, actor, params }) => getVisit(db, actor, params.id),
});

export const PUT = apiRoute({
  params: VisitIdParams,
  body: VisitUpdateBody,
  handler: ({ db, actor, params, body, meta }) => updateVisit(db, actor, params.id, body, meta),
});

export const DELETE = apiRoute({
  params: VisitIdParams,
  body: ReasonBody,
  handler: ({ db, actor, params, body, meta }) => deleteVisit(db, actor, params.id, body.reason, meta),
});
