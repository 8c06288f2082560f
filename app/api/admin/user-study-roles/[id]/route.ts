import { apiRoute } from "@/lib/server/api/route";
import { deleteAssignment, updateAssignment } from "@/lib/server/team/team-service";
import { AssignmentIdParams, UserStudyRoleUpdateBody } from "@/lib/schemas/users";

export const PUT = apiRoute({
  params: AssignmentIdParams,
  body: UserStudyRoleUpdateBody,
  handler: ({ db, actor, params, body, meta }) => updateAssignment(db, actor, params.id, body, meta),
});

export const DELETE = apiRoute({
  params: AssignmentIdParams,
  handler: ({ db, actor, params, meta }) => deleteAssignment(db, actor, params.id, meta),
});
