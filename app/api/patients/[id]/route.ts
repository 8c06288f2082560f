import { apiRoute } from "@/lib/server/api/route";
import { deletePatient, getPatient, updatePatient } from "@/lib/server/clinical/patient-service";
import { PatientIdParams, PatientUpdateBody, ReasonBody } from "@/lib/schemas/patients";

export const GET = apiRoute({
  params: PatientIdParams,
  handler: ({ db, actor, params }) => getPatient(db, actor, params.id),
});

export const PUT = apiRoute({
  params: PatientIdParams,
  body: PatientUpdateBody,
  handler: ({ db, actor, params, body, meta }) => updatePatient(db, actor, params.id, body, meta),
});

export const DELETE = apiRoute({
  params: PatientIdParams,
  body: ReasonBody,
  handler: ({ db, actor, params, body, meta }) => deletePatient(db, actor, params.id, body.reason, meta),
});
