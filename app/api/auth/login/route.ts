import { loginForApi } from "@/lib/server/auth/auth-service";
import { publicApiRoute } from "@/lib/server/api/route";
import { LoginBody } from "@/lib/schemas/auth";

export const POST = publicApiRoute({
  body: LoginBody,
  handler: ({ db, body, meta }) => loginForApi(db, body, meta),
});
