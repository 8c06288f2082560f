import { apiRoute } from "@/lib/server/api/route";
import { apiLocale } from "@/lib/server/i18n/api-locale";
import { translatorFor } from "@/lib/server/i18n/translator";
import { deviceTokensOf } from "@/lib/server/auth/device-cookie";
import { changeOwnPassword } from "@/lib/server/users/user-service";
import { PasswordChangeBody } from "@/lib/schemas/users";

/** The signed-in user changes their own password; their other sessions end. */
export const POST = apiRoute({
  body: PasswordChangeBody,
  handler: async ({ db, actor, body, meta, req }) => {
    const answer = await changeOwnPassword(db, actor, body, meta, deviceTokensOf(req.headers.get("cookie")));
    // A 200's detail is not put into words by the error mapper: here, in the caller's (decision 0021).
    return { detail: (await translatorFor(apiLocale(req.headers, actor))).words(answer.detail) };
  },
});
