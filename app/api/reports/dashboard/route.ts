import { apiRoute } from "@/lib/server/api/route";
import { getDashboard } from "@/lib/server/reports/report-service";
import { ReportQuery } from "@/lib/schemas/reports";

export const GET = apiRoute({
  query: ReportQuery,
  handler: ({ db, actor, query }) => getDashboard(db, actor, query.study_id),
});
