import { apiRoute } from "@/lib/server/api/route";
import { deleteGroup, getGroup, updateGroup } from "@/lib/server/team/medical-group-service";
import { MedicalGroupItemParams, MedicalGroupUpdateBody } from "@/lib/schemas/users";

export const GET = apiRoute({
  params: MedicalGroupItemParams,
  handler: ({ db, actor, params }) => getGroup(db, actor, params.id, params.groupId),
});

export const PUT = apiRoute({
  params: MedicalGroupItemParams,
  body: MedicalGroupUpdateBody,
  handler: ({ db, actor, params, body, meta }) =>
    updateGroup(db, actor, params.id, params.groupId, body, meta),
});

/** Refused with 409 while the group has patients. */
export const DELETE = apiRoute({
  params: MedicalGroupItemParams,
  handler: ({ db, actor, params, meta }) => deleteGroup(db, actor, params.id, params.groupId, meta),
});
