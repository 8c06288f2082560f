import { apiRoute } from "@/lib/server/api/route";
import { uploadStudyLogo } from "@/lib/server/uploads/upload-service";
import { StudyLogoParams } from "@/lib/schemas/contents";

/** multipart/form-data with the field file: png, jpeg, webp or svg (sanitized), at most 10 MB. */
export const POST = apiRoute({
  params: StudyLogoParams,
  status: 201,
  handler: ({ req, db, actor, params, meta }) => uploadStudyLogo(db, actor, req, params.id, meta),
});
