import { apiRoute } from "@/lib/server/api/route";
import { exportQueries } from "@/lib/server/queries/query-export";
import { QueryExportQuery } from "@/lib/schemas/queries";

export const GET = apiRoute({
  query: QueryExportQuery,
  handler: ({ db, actor, query, meta }) => exportQueries(db, actor, query, meta),
});
