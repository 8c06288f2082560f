import { apiRoute } from "@/lib/server/api/route";
import { resolveStudy } from "@/lib/server/studies/study-service";
import { ResolveStudyQuery } from "@/lib/schemas/studies";

export const GET = apiRoute({
  query: ResolveStudyQuery,
  handler: ({ db, actor, query }) => resolveStudy(db, actor, query.domain),
});
