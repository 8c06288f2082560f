import { apiRoute } from "@/lib/server/api/route";
import {
  createProtocolVersion,
  listProtocolVersions,
} from "@/lib/server/studies/protocol-versions/version-service";
import { ProtocolVersionCreateBody } from "@/lib/schemas/protocol-versions";
import { StudyIdParams } from "@/lib/schemas/studies";

export const GET = apiRoute({
  params: StudyIdParams,
  handler: ({ db, actor, params }) => listProtocolVersions(db, actor, params.id),
});

export const POST = apiRoute({
  params: StudyIdParams,
  body: ProtocolVersionCreateBody,
  status: 201,
  handler: ({ db, actor, params, body, meta }) => createProtocolVersion(db, actor, params.id, body, meta),
});
