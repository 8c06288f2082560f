import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { completeRecord, patientReview, reopenRecord } from "@/lib/server/clinical/review-service";
import { ReasonBody } from "@/lib/schemas/patients";
import { PatientIdParams } from "@/lib/schemas/patients";

/** Form status (decision 0031): the site marks the record complete, or takes the mark back with a reason. */
export const POST = apiRoute({
  params: PatientIdParams,
  handler: async ({ req, db, actor, params, meta }) =>
    completeRecord(db, actor, patientReview, params.id, meta, await apiWords(req.headers, actor)),
});

export const DELETE = apiRoute({
  params: PatientIdParams,
  body: ReasonBody,
  handler: async ({ req, db, actor, params, body, meta }) =>
    reopenRecord(db, actor, patientReview, params.id, body.reason, meta, await apiWords(req.headers, actor)),
});
