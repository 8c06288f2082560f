import { apiRoute } from "@/lib/server/api/route";
import { deviceTokensOf } from "@/lib/server/auth/device-cookie";
import { changeOwnPassword } from "@/lib/server/users/user-service";
import { PasswordChangeBody } from "@/lib/schemas/users";

/** The signed-in user changes their own password; their other sessions end. */
export const POST = apiRoute({
  body: PasswordChangeBody,
  handler: ({ db, actor, body, meta, req }) =>
    changeOwnPassword(db, actor, body, meta, deviceTokensOf(req.headers.get("cookie"))),
});
