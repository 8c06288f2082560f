import { apiRoute } from "@/lib/server/api/route";
import { respondToQuery } from "@/lib/server/queries/query-service";
import { QueryIdParams, QueryResponseBody } from "@/lib/schemas/queries";

export const POST = apiRoute({
  params: QueryIdParams,
  body: QueryResponseBody,
  handler: ({ db, actor, params, body, meta }) => respondToQuery(db, actor, params.id, body, meta),
});
