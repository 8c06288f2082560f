import { compatibilityInWords } from "@/lib/forms/config-compatibility";
import { apiRoute } from "@/lib/server/api/route";
import { apiLocale } from "@/lib/server/i18n/api-locale";
import { translatorFor } from "@/lib/server/i18n/translator";
import { checkVersionCompatibility } from "@/lib/server/studies/protocol-versions/version-service";
import { ProtocolVersionParams } from "@/lib/schemas/protocol-versions";

export const POST = apiRoute({
  params: ProtocolVersionParams,
  handler: async ({ req, db, actor, params }) =>
    compatibilityInWords(
      await checkVersionCompatibility(db, actor, params.id, params.versionId),
      (await translatorFor(apiLocale(req.headers, actor))).words,
    ),
});
