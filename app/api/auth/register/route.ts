import { registerUser } from "@/lib/server/users/user-service";
import { apiRoute } from "@/lib/server/api/route";
import { RegisterBody } from "@/lib/schemas/auth";

export const POST = apiRoute({
  body: RegisterBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => registerUser(db, actor, body, meta),
});
