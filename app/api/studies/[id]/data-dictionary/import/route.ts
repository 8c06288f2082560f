import { apiRoute } from "@/lib/server/api/route";
import { importDataDictionary } from "@/lib/server/dictionary/dictionary-service";
import { DictionaryImportBody } from "@/lib/schemas/data-dictionary";
import { StudyIdParams } from "@/lib/schemas/studies";

export const POST = apiRoute({
  params: StudyIdParams,
  body: DictionaryImportBody,
  handler: ({ db, actor, params, body, meta }) => importDataDictionary(db, actor, params.id, body, meta),
});
