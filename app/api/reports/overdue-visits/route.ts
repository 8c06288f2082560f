import { apiRoute } from "@/lib/server/api/route";
import { listOverdueVisits } from "@/lib/server/clinical/schedule-service";
import { OverdueVisitsQuery } from "@/lib/schemas/schedule";

export const GET = apiRoute({
  query: OverdueVisitsQuery,
  handler: ({ db, actor, query }) => listOverdueVisits(db, actor, query),
});
