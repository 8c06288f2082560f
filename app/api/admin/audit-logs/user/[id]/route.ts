import { apiRoute } from "@/lib/server/api/route";
import { userActivity } from "@/lib/server/audit-log/trail-list";
import { UserActivityParams, UserActivityQuery } from "@/lib/schemas/audit-logs";

export const GET = apiRoute({
  params: UserActivityParams,
  query: UserActivityQuery,
  handler: ({ db, actor, params, query }) => userActivity(db, actor, params, query),
});
