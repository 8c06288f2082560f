import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { createVisit, listVisits } from "@/lib/server/clinical/visit-service";
import { VisitCreateBody, VisitListQuery } from "@/lib/schemas/visits";

export const GET = apiRoute({
  query: VisitListQuery,
  handler: async ({ req, db, actor, query }) =>
    listVisits(db, actor, query, await apiWords(req.headers, actor)),
});

export const POST = apiRoute({
  body: VisitCreateBody,
  status: 201,
  handler: async ({ req, db, actor, body, meta }) =>
    createVisit(db, actor, body, meta, await apiWords(req.headers, actor)),
});
