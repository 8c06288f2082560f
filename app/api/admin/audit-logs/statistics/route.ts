import { apiRoute } from "@/lib/server/api/route";
import { auditStatistics } from "@/lib/server/audit-log/trail-statistics";
import { AuditStatisticsQuery } from "@/lib/schemas/audit-logs";

export const GET = apiRoute({
  query: AuditStatisticsQuery,
  handler: ({ db, actor, query }) => auditStatistics(db, actor, query),
});
