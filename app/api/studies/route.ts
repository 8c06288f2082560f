import { apiRoute } from "@/lib/server/api/route";
import { createStudy, listStudies } from "@/lib/server/studies/study-service";
import { StudyCreateBody } from "@/lib/schemas/studies";

export const GET = apiRoute({ handler: ({ db, actor }) => listStudies(db, actor) });

export const POST = apiRoute({
  body: StudyCreateBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => createStudy(db, actor, body, meta),
});
