import { apiRoute } from "@/lib/server/api/route";
import { apiLocale } from "@/lib/server/i18n/api-locale";
import { listAuditLogs } from "@/lib/server/audit-log/trail-list";
import { AuditLogListQuery } from "@/lib/schemas/audit-logs";

export const GET = apiRoute({
  query: AuditLogListQuery,
  handler: ({ req, db, actor, query }) => listAuditLogs(db, actor, query, apiLocale(req.headers, actor)),
});
