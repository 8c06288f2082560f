import { apiRoute } from "@/lib/server/api/route";
import { exportAuditCsv } from "@/lib/server/audit-log/trail-export";
import { AuditExportQuery } from "@/lib/schemas/audit-logs";

export const GET = apiRoute({
  query: AuditExportQuery,
  handler: ({ db, actor, query, meta }) => exportAuditCsv(db, actor, query, meta),
});
