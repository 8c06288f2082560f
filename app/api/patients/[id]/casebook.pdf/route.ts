import { apiRoute } from "@/lib/server/api/route";
import { casebookPdf } from "@/lib/server/casebook/casebook-service";
import { apiLocale } from "@/lib/server/i18n/api-locale";
import { PatientIdParams } from "@/lib/schemas/patients";

// The patient's casebook as a tagged PDF in the reader's language, audited (docs/decisions/0035).
export const GET = apiRoute({
  params: PatientIdParams,
  handler: ({ req, db, actor, params, meta }) =>
    casebookPdf(db, actor, params.id, apiLocale(req.headers, actor), meta),
});
