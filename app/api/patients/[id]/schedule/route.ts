import { apiRoute } from "@/lib/server/api/route";
import { getPatientSchedule } from "@/lib/server/clinical/schedule-service";
import { PatientIdParams } from "@/lib/schemas/patients";

export const GET = apiRoute({
  params: PatientIdParams,
  handler: ({ db, actor, params }) => getPatientSchedule(db, actor, params.id),
});
