import { publicApiRoute } from "@/lib/server/api/route";
import { trailHealth } from "@/lib/server/audit/trail-integrity";

// Liveness: answers without a query, so it also serves as the framework's ceiling in
// `npm run bench:scale` (the same wrapper, headers and server as every other route). A broken
// audit trail (found by the checkpointer, held in memory) is reported, not a reason to answer
// non-2xx: reads go on while clinical writes fail closed (docs/decisions/0018).
export const GET = publicApiRoute({
  handler: async () => trailHealth(),
});
