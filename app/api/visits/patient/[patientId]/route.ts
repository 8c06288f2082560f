import { apiRoute } from "@/lib/server/api/route";
import { visitsOfPatient } from "@/lib/server/clinical/visit-service";
import { VisitPatientParams } from "@/lib/schemas/visits";

export const GET = apiRoute({
  params: VisitPatientParams,
  handler: ({ db, actor, params }) => visitsOfPatient(db, actor, params.patientId),
});
