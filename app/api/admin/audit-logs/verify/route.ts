import { apiRoute } from "@/lib/server/api/route";
import { startChainVerification } from "@/lib/server/audit-log/chain-verification-jobs";

export const POST = apiRoute({
  status: 202,
  handler: ({ db, actor, meta }) => startChainVerification(db, actor, meta),
});
