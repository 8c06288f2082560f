import { apiRoute } from "@/lib/server/api/route";
import { deleteContent, getContent, updateContent } from "@/lib/server/contents/content-service";
import { ContentBlockUpdateBody, ContentItemParams } from "@/lib/schemas/contents";

export const GET = apiRoute({
  params: ContentItemParams,
  handler: ({ db, actor, params }) => getContent(db, actor, params.id, params.contentId),
});

export const PATCH = apiRoute({
  params: ContentItemParams,
  body: ContentBlockUpdateBody,
  handler: ({ db, actor, params, body, meta }) =>
    updateContent(db, actor, params.id, params.contentId, body, meta),
});

/** A layout row takes its blocks with it. */
export const DELETE = apiRoute({
  params: ContentItemParams,
  handler: ({ db, actor, params, meta }) => deleteContent(db, actor, params.id, params.contentId, meta),
});
