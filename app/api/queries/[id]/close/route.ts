import { apiRoute } from "@/lib/server/api/route";
import { closeQuery } from "@/lib/server/queries/query-service";
import { QueryIdParams, QueryStepBody } from "@/lib/schemas/queries";

export const POST = apiRoute({
  params: QueryIdParams,
  body: QueryStepBody,
  handler: ({ db, actor, params, body, meta }) => closeQuery(db, actor, params.id, body, meta),
});
