import { apiRoute } from "@/lib/server/api/route";
import { reopenQuery } from "@/lib/server/queries/query-service";
import { QueryIdParams, QueryStepBody } from "@/lib/schemas/queries";

export const POST = apiRoute({
  params: QueryIdParams,
  body: QueryStepBody,
  handler: ({ db, actor, params, body, meta }) => reopenQuery(db, actor, params.id, body, meta),
});
