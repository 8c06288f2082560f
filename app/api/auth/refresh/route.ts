import { refreshApiSession } from "@/lib/server/auth/auth-service";
import { publicApiRoute } from "@/lib/server/api/route";
import { RefreshBody } from "@/lib/schemas/auth";

export const POST = publicApiRoute({
  body: RefreshBody,
  handler: ({ db, body }) => refreshApiSession(db, body.refresh_token),
});
