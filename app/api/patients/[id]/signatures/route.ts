import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { listSignatures, signRecord } from "@/lib/server/signatures/signature-service";
import { PatientIdParams } from "@/lib/schemas/patients";
import { SignBody } from "@/lib/schemas/signatures";

/**
 * Electronic signatures of a patient (decision 0032): every signature of the patient (their
 * casebook's and their visits') with state, and signing the whole casebook.
 */
export const GET = apiRoute({
  params: PatientIdParams,
  handler: async ({ req, db, actor, params }) =>
    listSignatures(db, actor, { patient: params.id }, await apiWords(req.headers, actor)),
});

export const POST = apiRoute({
  params: PatientIdParams,
  body: SignBody,
  status: 201,
  handler: async ({ req, db, actor, params, body, meta }) =>
    signRecord(db, actor, { patient: params.id }, body, meta, await apiWords(req.headers, actor)),
});
