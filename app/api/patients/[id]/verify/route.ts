import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { patientReview, unverifyRecord, verifyRecord } from "@/lib/server/clinical/review-service";
import { UnverifyBody, VerifyBody } from "@/lib/schemas/review-requests";
import { PatientIdParams } from "@/lib/schemas/patients";

/** Source data verification (decision 0031): verify fields, or un-verify them with a reason. */
export const POST = apiRoute({
  params: PatientIdParams,
  body: VerifyBody,
  handler: async ({ req, db, actor, params, body, meta }) =>
    verifyRecord(db, actor, patientReview, params.id, body, meta, await apiWords(req.headers, actor)),
});

export const DELETE = apiRoute({
  params: PatientIdParams,
  body: UnverifyBody,
  handler: async ({ req, db, actor, params, body, meta }) =>
    unverifyRecord(db, actor, patientReview, params.id, body, meta, await apiWords(req.headers, actor)),
});
