import { apiRoute } from "@/lib/server/api/route";
import { getStudy, updateStudy } from "@/lib/server/studies/study-service";
import { StudyIdParams, StudyUpdateBody } from "@/lib/schemas/studies";

export const GET = apiRoute({
  params: StudyIdParams,
  handler: ({ db, actor, params }) => getStudy(db, actor, params.id),
});

export const PUT = apiRoute({
  params: StudyIdParams,
  body: StudyUpdateBody,
  handler: ({ db, actor, params, body, meta }) => updateStudy(db, actor, params.id, body, meta),
});
