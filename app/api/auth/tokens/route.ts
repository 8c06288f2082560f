import { apiRoute } from "@/lib/server/api/route";
import { createApiToken, listApiTokens } from "@/lib/server/auth/api-token-service";
import { ApiTokenCreateBody } from "@/lib/schemas/api-tokens";

/** The signed-in user's personal API tokens (docs/decisions/0036-personal-api-tokens.md). */
export const GET = apiRoute({
  handler: ({ db, actor }) => listApiTokens(db, actor),
});

/** Makes a token; the answer holds the plain token, once. */
export const POST = apiRoute({
  body: ApiTokenCreateBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => createApiToken(db, actor, body, meta),
});
