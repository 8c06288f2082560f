import { apiRoute } from "@/lib/server/api/route";
import { setOwnLocale } from "@/lib/server/users/own-locale-service";
import { OwnLocaleBody } from "@/lib/schemas/auth";

export const PUT = apiRoute({
  body: OwnLocaleBody,
  handler: ({ db, actor, body, meta }) => setOwnLocale(db, actor, body, meta),
});
