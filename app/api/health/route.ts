import { publicApiRoute } from "@/lib/server/api/route";

// Liveness: answers without a query, so it also serves as the framework's ceiling in
// `npm run bench:scale` (the same wrapper, headers and server as every other route).
export const GET = publicApiRoute({
  handler: async () => ({ status: "ok" as const }),
});
