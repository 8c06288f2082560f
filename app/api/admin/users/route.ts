import { apiRoute } from "@/lib/server/api/route";
import { createUser, listUsers } from "@/lib/server/users/user-service";
import { AdminUserCreateBody, AdminUserListQuery } from "@/lib/schemas/users";

export const GET = apiRoute({
  query: AdminUserListQuery,
  handler: ({ db, actor, query }) => listUsers(db, actor, query),
});

export const POST = apiRoute({
  body: AdminUserCreateBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => createUser(db, actor, body, meta),
});
