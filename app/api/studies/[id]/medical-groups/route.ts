import { apiRoute } from "@/lib/server/api/route";
import { createGroup, listGroups } from "@/lib/server/team/medical-group-service";
import { MedicalGroupCreateBody, MedicalGroupListQuery, MedicalGroupParams } from "@/lib/schemas/users";

export const GET = apiRoute({
  params: MedicalGroupParams,
  query: MedicalGroupListQuery,
  handler: ({ db, actor, params, query }) => listGroups(db, actor, params.id, query),
});

export const POST = apiRoute({
  params: MedicalGroupParams,
  body: MedicalGroupCreateBody,
  status: 201,
  handler: ({ db, actor, params, body, meta }) => createGroup(db, actor, params.id, body, meta),
});
