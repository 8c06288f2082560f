import { apiRoute } from "@/lib/server/api/route";
import { createContent, listContents } from "@/lib/server/contents/content-service";
import { ContentBlockCreateBody, ContentListQuery, ContentParams } from "@/lib/schemas/contents";

/**
 * include_hidden=true adds the hidden blocks for those who edit them (superusers); lang=it|en gives
 * the blocks a reader of that language sees (decision 0022), else every block whatever its language.
 */
export const GET = apiRoute({
  params: ContentParams,
  query: ContentListQuery,
  handler: ({ db, actor, params, query }) =>
    listContents(db, actor, params.id, query.include_hidden, query.lang),
});

export const POST = apiRoute({
  params: ContentParams,
  body: ContentBlockCreateBody,
  status: 201,
  handler: ({ db, actor, params, body, meta }) => createContent(db, actor, params.id, body, meta),
});
