import { apiRoute } from "@/lib/server/api/route";
import { decideProtocolVersion } from "@/lib/server/studies/protocol-versions/version-service";
import { ProtocolVersionApproveBody, ProtocolVersionParams } from "@/lib/schemas/protocol-versions";

export const POST = apiRoute({
  params: ProtocolVersionParams,
  body: ProtocolVersionApproveBody,
  handler: ({ db, actor, params, body, meta }) =>
    decideProtocolVersion(db, actor, params.id, params.versionId, body, meta),
});
