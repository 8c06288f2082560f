import { currentUser } from "@/lib/server/auth/auth-service";
import { apiRoute } from "@/lib/server/api/route";

export const GET = apiRoute({
  handler: ({ db, actor }) => currentUser(db, actor),
});
