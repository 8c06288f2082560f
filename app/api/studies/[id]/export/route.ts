import { apiRoute } from "@/lib/server/api/route";
import { exportStudyData } from "@/lib/server/exports/study-export-service";
import { StudyIdParams } from "@/lib/schemas/studies";
import { StudyExportQuery } from "@/lib/schemas/study-export";

export const GET = apiRoute({
  params: StudyIdParams,
  query: StudyExportQuery,
  handler: ({ db, actor, params, query, meta }) => exportStudyData(db, actor, params.id, query, meta),
});
