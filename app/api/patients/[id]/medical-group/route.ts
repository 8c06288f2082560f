import { apiRoute } from "@/lib/server/api/route";
import { movePatientToGroup } from "@/lib/server/clinical/patient-service";
import { PatientGroupMoveBody, PatientIdParams } from "@/lib/schemas/patients";

/** Moves a patient to another medical group of its study (docs/decisions/0028). */
export const PUT = apiRoute({
  params: PatientIdParams,
  body: PatientGroupMoveBody,
  handler: ({ db, actor, params, body, meta }) => movePatientToGroup(db, actor, params.id, body, meta),
});
