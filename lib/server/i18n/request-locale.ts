import "server-only";
import { eq } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { studies } from "@/db/schema";
import { chooseLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { studyCodeOfPath } from "@/lib/routes";
import { currentPageActor } from "../auth/page-session";

/** The default language of the study a study-area page belongs to, if it has one. */
async function studyDefaultOf(path: string | null): Promise<string | null> {
  const code = path ? studyCodeOfPath(path) : null;
  if (!code) return null;
  const db = await getDb();
  const [row] = await db
    .select({ language: studies.defaultLanguage })
    .from(studies)
    .where(eq(studies.code, code))
    .limit(1);
  return row?.language ?? null;
}

/**
 * The language of this page request, decided once per request (docs/decisions/0021): the user's
 * account setting, else the language switch's cookie, else the study's default language on its
 * pages, else the browser's Accept-Language, else English.
 */
export const requestLocale = cache(async (): Promise<Locale> => {
  const [requestHeaders, jar, actor] = await Promise.all([headers(), cookies(), currentPageActor()]);
  return chooseLocale({
    preference: actor?.locale ?? jar.get(LOCALE_COOKIE)?.value ?? null,
    studyDefault: await studyDefaultOf(requestHeaders.get("x-request-path")),
    acceptLanguage: requestHeaders.get("accept-language"),
  });
});
