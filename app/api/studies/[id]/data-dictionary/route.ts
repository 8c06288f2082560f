import { apiRoute } from "@/lib/server/api/route";
import { exportDataDictionary } from "@/lib/server/dictionary/dictionary-service";
import { StudyIdParams } from "@/lib/schemas/studies";

export const GET = apiRoute({
  params: StudyIdParams,
  handler: ({ db, actor, params, meta }) => exportDataDictionary(db, actor, params.id, meta),
});
