import { apiRoute } from "@/lib/server/api/route";
import { listQueries, openQuery } from "@/lib/server/queries/query-service";
import { QueryCreateBody, QueryListQuery } from "@/lib/schemas/queries";

export const GET = apiRoute({
  query: QueryListQuery,
  handler: ({ db, actor, query }) => listQueries(db, actor, query),
});

export const POST = apiRoute({
  body: QueryCreateBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => openQuery(db, actor, body, meta),
});
