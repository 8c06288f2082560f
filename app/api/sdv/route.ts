import { apiRoute } from "@/lib/server/api/route";
import { listSdvVisits } from "@/lib/server/sdv/sdv-service";
import { SdvListQuery } from "@/lib/schemas/sdv";

// The SDV page's list (docs/decisions/0031): a read in the clinical scope, keyset paged.
export const GET = apiRoute({
  query: SdvListQuery,
  handler: ({ db, actor, query }) => listSdvVisits(db, actor, query),
});
