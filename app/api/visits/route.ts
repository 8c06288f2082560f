import { apiRoute } from "@/lib/server/api/route";
import { createVisit, listVisits } from "@/lib/server/clinical/visit-service";
import { VisitCreateBody, VisitListQuery } from "@/lib/schemas/visits";

export const GET = apiRoute({
  query: VisitListQuery,
  handler: ({ db, actor, query }) => listVisits(db, actor, query),
});

export const POST = apiRoute({
  body: VisitCreateBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => createVisit(db, actor, body, meta),
});
