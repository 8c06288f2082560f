import { apiRoute } from "@/lib/server/api/route";
import { apiWords } from "@/lib/server/i18n/translator";
import { visitsOfPatient } from "@/lib/server/clinical/visit-service";
import { VisitPatientParams } from "@/lib/schemas/visits";

export const GET = apiRoute({
  params: VisitPatientParams,
  handler: async ({ req, db, actor, params }) =>
    visitsOfPatient(db, actor, params.patientId, await apiWords(req.headers, actor)),
});
