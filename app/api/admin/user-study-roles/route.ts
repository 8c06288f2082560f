import { apiRoute } from "@/lib/server/api/route";
import { createAssignment, listAssignments } from "@/lib/server/team/team-service";
import { UserStudyRoleCreateBody, UserStudyRoleListQuery } from "@/lib/schemas/users";

export const GET = apiRoute({
  query: UserStudyRoleListQuery,
  handler: ({ db, actor, query }) => listAssignments(db, actor, query),
});

export const POST = apiRoute({
  body: UserStudyRoleCreateBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => createAssignment(db, actor, body, meta),
});
