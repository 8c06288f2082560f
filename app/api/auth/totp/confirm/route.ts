import { apiRoute } from "@/lib/server/api/route";
import { confirmTotpEnrolment } from "@/lib/server/users/two-factor-service";
import { TotpConfirmBody } from "@/lib/schemas/two-factor";

/** Confirms the enrolment with a first code; answers the recovery codes once (decision 0033). */
export const POST = apiRoute({
  body: TotpConfirmBody,
  handler: ({ db, actor, body, meta }) => confirmTotpEnrolment(db, actor, body, meta),
});
