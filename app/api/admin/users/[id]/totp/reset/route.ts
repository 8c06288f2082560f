import { apiRoute } from "@/lib/server/api/route";
import { resetSecondFactor } from "@/lib/server/users/two-factor-service";
import { UserIdParams } from "@/lib/schemas/users";

/** Clears a user's second factor (decision 0033): they enrol again. */
export const POST = apiRoute({
  params: UserIdParams,
  status: 204,
  handler: ({ db, actor, params, meta }) => resetSecondFactor(db, actor, params.id, meta),
});
