import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { completeRecord, visitReview, reopenRecord } from "@/lib/server/clinical/review-service";
import { ReasonBody } from "@/lib/schemas/patients";
import { VisitIdParams } from "@/lib/schemas/visits";

/** Form status (decision 0031): the site marks the record complete, or takes the mark back with a reason. */
export const POST = apiRoute({
  params: VisitIdParams,
  handler: async ({ req, db, actor, params, meta }) =>
    completeRecord(db, actor, visitReview, params.id, meta, await apiWords(req.headers, actor)),
});

export const DELETE = apiRoute({
  params: VisitIdParams,
  body: ReasonBody,
  handler: async ({ req, db, actor, params, body, meta }) =>
    reopenRecord(db, actor, visitReview, params.id, body.reason, meta, await apiWords(req.headers, actor)),
});
