import { apiRoute } from "@/lib/server/api/route";
import { fieldUsage } from "@/lib/server/clinical/field-usage-queries";
import { StudyIdParams } from "@/lib/schemas/studies";

export const GET = apiRoute({
  params: StudyIdParams,
  handler: ({ db, actor, params }) => fieldUsage(db, actor, params.id),
});
