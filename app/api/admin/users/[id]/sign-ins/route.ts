import { apiRoute } from "@/lib/server/api/route";
import { signInHistory } from "@/lib/server/users/account-controls-service";
import { UserIdParams } from "@/lib/schemas/users";

/** The user's latest sign-ins, succeeded or refused, with their address (decision 0033). */
export const GET = apiRoute({
  params: UserIdParams,
  handler: ({ db, actor, params }) => signInHistory(db, actor, params.id),
});
