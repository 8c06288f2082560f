import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { deleteVisit, getVisit, updateVisit } from "@/lib/server/clinical/visit-service";
import { ReasonBody } from "@/lib/schemas/patients";
import { VisitIdParams, VisitUpdateBody } from "@/lib/schemas/visits";

export const GET = apiRoute({
  params: VisitIdParams,
  handler: async ({ req, db, actor, params }) =>
    getVisit(db, actor, params.id, await apiWords(req.headers, actor)),
});

export const PUT = apiRoute({
  params: VisitIdParams,
  body: VisitUpdateBody,
  handler: async ({ req, db, actor, params, body, meta }) =>
    updateVisit(db, actor, params.id, body, meta, await apiWords(req.headers, actor)),
});

export const DELETE = apiRoute({
  params: VisitIdParams,
  body: ReasonBody,
  handler: ({ db, actor, params, body, meta }) => deleteVisit(db, actor, params.id, body.reason, meta),
});
