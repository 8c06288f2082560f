import { apiRoute } from "@/lib/server/api/route";
import { getFieldSchema } from "@/lib/server/studies/study-service";
import { FieldSchemaQuery, StudyIdParams } from "@/lib/schemas/studies";

export const GET = apiRoute({
  params: StudyIdParams,
  query: FieldSchemaQuery,
  handler: ({ db, actor, params, query }) => getFieldSchema(db, actor, params.id, query.entity),
});
