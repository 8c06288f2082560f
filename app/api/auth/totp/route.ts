import { apiRoute } from "@/lib/server/api/route";
import { startTotpEnrolment } from "@/lib/server/users/two-factor-service";

/** Starts the signed-in user's TOTP enrolment: the otpauth URI and its QR code (decision 0033). */
export const POST = apiRoute({
  handler: ({ db, actor, meta }) => startTotpEnrolment(db, actor, meta),
});
