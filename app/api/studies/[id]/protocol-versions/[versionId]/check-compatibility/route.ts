import { apiRoute } from "@/lib/server/api/route";
import { checkVersionCompatibility } from "@/lib/server/studies/protocol-versions/version-service";
import { ProtocolVersionParams } from "@/lib/schemas/protocol-versions";

export const POST = apiRoute({
  params: ProtocolVersionParams,
  handler: ({ db, actor, params }) => checkVersionCompatibility(db, actor, params.id, params.versionId),
});
