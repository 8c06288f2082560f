import { apiRoute } from "@/lib/server/api/route";
import { getTherapyOutcomes } from "@/lib/server/reports/report-service";
import { ReportQuery } from "@/lib/schemas/reports";

export const GET = apiRoute({
  query: ReportQuery,
  handler: ({ db, actor, query }) => getTherapyOutcomes(db, actor, query.study_id),
});
