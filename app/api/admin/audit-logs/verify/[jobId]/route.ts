import { apiRoute } from "@/lib/server/api/route";
import { chainVerificationStatus } from "@/lib/server/audit-log/chain-verification-jobs";
import { ChainVerificationParams } from "@/lib/schemas/audit-logs";

export const GET = apiRoute({
  params: ChainVerificationParams,
  handler: ({ db, actor, params }) => chainVerificationStatus(db, actor, params),
});
