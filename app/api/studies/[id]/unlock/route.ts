import { apiRoute } from "@/lib/server/api/route";
import { setStudyLock } from "@/lib/server/studies/study-lock-service";
import { ReasonBody } from "@/lib/schemas/patients";
import { StudyIdParams } from "@/lib/schemas/studies";

/** Study lock (docs/decisions/0034-patient-and-study-lock.md): platform administrators, with a reason. */
export const POST = apiRoute({
  params: StudyIdParams,
  body: ReasonBody,
  handler: async ({ db, actor, params, body, meta }) =>
    setStudyLock(db, actor, params.id, false, body.reason, meta),
});
