import { apiRoute } from "@/lib/server/api/route";
import { uploadAttachment } from "@/lib/server/uploads/upload-service";
import { UploadQuery } from "@/lib/schemas/contents";

/** multipart/form-data with the field file (spec §7); the body is counted while it streams (413). */
export const POST = apiRoute({
  query: UploadQuery,
  status: 201,
  handler: ({ req, db, actor, query, meta }) => uploadAttachment(db, actor, req, query.study_id, meta),
});
