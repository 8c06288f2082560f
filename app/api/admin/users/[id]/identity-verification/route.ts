import { apiRoute } from "@/lib/server/api/route";
import { verifyIdentity } from "@/lib/server/users/account-controls-service";
import { IdentityVerificationBody } from "@/lib/schemas/two-factor";
import { UserIdParams } from "@/lib/schemas/users";

/** Records how the user's identity was verified before a first signature (decision 0033). */
export const POST = apiRoute({
  params: UserIdParams,
  body: IdentityVerificationBody,
  handler: ({ db, actor, params, body, meta }) => verifyIdentity(db, actor, params.id, body, meta),
});
