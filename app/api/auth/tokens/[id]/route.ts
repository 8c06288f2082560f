import { apiRoute } from "@/lib/server/api/route";
import { revokeApiToken } from "@/lib/server/auth/api-token-service";
import { ApiTokenIdParams } from "@/lib/schemas/api-tokens";

/** Revokes one of the signed-in user's tokens (docs/decisions/0036-personal-api-tokens.md). */
export const DELETE = apiRoute({
  params: ApiTokenIdParams,
  handler: ({ db, actor, params, meta }) => revokeApiToken(db, actor, params.id, meta),
});
