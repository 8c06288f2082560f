import { apiRoute } from "@/lib/server/api/route";
import { getQuery } from "@/lib/server/queries/query-service";
import { QueryIdParams } from "@/lib/schemas/queries";

export const GET = apiRoute({
  params: QueryIdParams,
  handler: ({ db, actor, params }) => getQuery(db, actor, params.id),
});
