import { apiRoute } from "@/lib/server/api/route";
import { apiLocale } from "@/lib/server/i18n/api-locale";
import { entityAuditTrail } from "@/lib/server/audit-log/entity-trail";
import { EntityTrailParams, EntityTrailQuery } from "@/lib/schemas/audit-logs";

export const GET = apiRoute({
  params: EntityTrailParams,
  query: EntityTrailQuery,
  handler: ({ req, db, actor, params, query }) =>
    entityAuditTrail(db, actor, params, query, apiLocale(req.headers, actor)),
});
