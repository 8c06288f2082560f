import { apiRoute } from "@/lib/server/api/route";
import { reorderContents } from "@/lib/server/contents/content-service";
import { ContentParams, ContentReorderBody } from "@/lib/schemas/contents";

export const POST = apiRoute({
  params: ContentParams,
  body: ContentReorderBody,
  handler: ({ db, actor, params, body, meta }) => reorderContents(db, actor, params.id, body, meta),
});
