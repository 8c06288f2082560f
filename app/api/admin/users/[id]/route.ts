import { apiRoute } from "@/lib/server/api/route";
import { deactivateUser, getUser, updateUser } from "@/lib/server/users/user-service";
import { AdminUserUpdateBody, UserIdParams } from "@/lib/schemas/users";

export const GET = apiRoute({
  params: UserIdParams,
  handler: ({ db, actor, params }) => getUser(db, actor, params.id),
});

export const PUT = apiRoute({
  params: UserIdParams,
  body: AdminUserUpdateBody,
  handler: ({ db, actor, params, body, meta }) => updateUser(db, actor, params.id, body, meta),
});

/** Deactivates the user (never erases): their sessions and tokens end at once. */
export const DELETE = apiRoute({
  params: UserIdParams,
  handler: ({ db, actor, params, meta }) => deactivateUser(db, actor, params.id, meta),
});
