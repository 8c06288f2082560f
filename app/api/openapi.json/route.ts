import { publicApiRoute } from "@/lib/server/api/route";
import { openApiDocumentJson } from "@/lib/schemas/openapi";

export const GET = publicApiRoute({
  handler: async () =>
    new Response(openApiDocumentJson(), { headers: { "content-type": "application/json" } }),
});
