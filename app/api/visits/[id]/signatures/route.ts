import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { listSignatures, signRecord } from "@/lib/server/signatures/signature-service";
import { SignBody } from "@/lib/schemas/signatures";
import { VisitIdParams } from "@/lib/schemas/visits";

/** Electronic signatures of a visit (decision 0032): their list with state, and signing it. */
export const GET = apiRoute({
  params: VisitIdParams,
  handler: async ({ req, db, actor, params }) =>
    listSignatures(db, actor, { visit: params.id }, await apiWords(req.headers, actor)),
});

export const POST = apiRoute({
  params: VisitIdParams,
  body: SignBody,
  status: 201,
  handler: async ({ req, db, actor, params, body, meta }) =>
    signRecord(db, actor, { visit: params.id }, body, meta, await apiWords(req.headers, actor)),
});
