import { apiRoute } from "@/lib/server/api/route";
import { setPatientFreeze } from "@/lib/server/clinical/patient-freeze";
import { PatientIdParams, ReasonBody } from "@/lib/schemas/patients";

/** Patient freeze (docs/decisions/0034-patient-and-study-lock.md): principal investigator or admin, with a reason. */
export const POST = apiRoute({
  params: PatientIdParams,
  body: ReasonBody,
  handler: async ({ db, actor, params, body, meta }) =>
    setPatientFreeze(db, actor, params.id, true, body.reason, meta),
});
