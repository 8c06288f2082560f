import { apiRoute } from "@/lib/server/api/route";
import { apiLocale } from "@/lib/server/i18n/api-locale";
import { translatorFor } from "@/lib/server/i18n/translator";
import { previewDataDictionary } from "@/lib/server/dictionary/dictionary-service";
import { DictionaryPreviewBody } from "@/lib/schemas/data-dictionary";
import { StudyIdParams } from "@/lib/schemas/studies";

export const POST = apiRoute({
  params: StudyIdParams,
  body: DictionaryPreviewBody,
  handler: async ({ req, db, actor, params, body }) =>
    previewDataDictionary(
      db,
      actor,
      params.id,
      body,
      (await translatorFor(apiLocale(req.headers, actor))).words,
    ),
});
