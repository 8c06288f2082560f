import { apiRoute } from "@/lib/server/api/route";
import { listAuditLogs } from "@/lib/server/audit-log/trail-list";
import { AuditLogListQuery } from "@/lib/schemas/audit-logs";

export const GET = apiRoute({
  query: AuditLogListQuery,
  handler: ({ db, actor, query }) => listAuditLogs(db, actor, query),
});
