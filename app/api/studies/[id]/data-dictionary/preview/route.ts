import { apiRoute } from "@/lib/server/api/route";
import { previewDataDictionary } from "@/lib/server/dictionary/dictionary-service";
import { DictionaryPreviewBody } from "@/lib/schemas/data-dictionary";
import { StudyIdParams } from "@/lib/schemas/studies";

export const POST = apiRoute({
  params: StudyIdParams,
  body: DictionaryPreviewBody,
  handler: ({ db, actor, params, body }) => previewDataDictionary(db, actor, params.id, body),
});
