import { apiRoute } from "@/lib/server/api/route";
import { downloadFile } from "@/lib/server/uploads/download-service";
import { FileParams } from "@/lib/schemas/contents";

/** The bytes of an upload, as an attachment (images inline), with nosniff. */
export const GET = apiRoute({
  params: FileParams,
  handler: ({ db, actor, params }) => downloadFile(db, actor, params.id),
});
