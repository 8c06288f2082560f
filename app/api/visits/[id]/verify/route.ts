import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { visitReview, unverifyRecord, verifyRecord } from "@/lib/server/clinical/review-service";
import { UnverifyBody, VerifyBody } from "@/lib/schemas/review-requests";
import { VisitIdParams } from "@/lib/schemas/visits";

/** Source data verification (decision 0031): verify fields, or un-verify them with a reason. */
export const POST = apiRoute({
  params: VisitIdParams,
  body: VerifyBody,
  handler: async ({ req, db, actor, params, body, meta }) =>
    verifyRecord(db, actor, visitReview, params.id, body, meta, await apiWords(req.headers, actor)),
});

export const DELETE = apiRoute({
  params: VisitIdParams,
  body: UnverifyBody,
  handler: async ({ req, db, actor, params, body, meta }) =>
    unverifyRecord(db, actor, visitReview, params.id, body, meta, await apiWords(req.headers, actor)),
});
