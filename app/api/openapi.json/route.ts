import { publicApiRoute } from "@/lib/server/api/route";
import { buildOpenApiDocument } from "@/lib/schemas/openapi";

export const GET = publicApiRoute({ handler: async () => buildOpenApiDocument() });
