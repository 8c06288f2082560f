import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { CHANGE_PASSWORD_PATH, DEFAULT_AFTER_LOGIN, loginUrl, TWO_FACTOR_PATH } from "@/lib/routes";
import { REQUEST_ID_HEADER, trustedRequestId } from "../api/request-context";
import { resolveActor, type Actor } from "./actor";

/** The signed-in actor of this page request, or null: resolved once per request (React cache). */
export const currentPageActor = cache(async (): Promise<Actor | null> =>
  resolveActor(await getDb(), await headers()),
);

/** For server pages and layouts: the signed-in actor, or a redirect to /login with returnUrl. */
export async function requirePageActor(): Promise<Actor> {
  const requestHeaders = await headers();
  const actor = await currentPageActor();
  const path = requestHeaders.get("x-request-path") ?? DEFAULT_AFTER_LOGIN;
  if (!actor) redirect(loginUrl(path));
  // A temporary password is changed before anything else (the API refuses everything else too).
  if (actor.mustChangePassword && !path.startsWith(CHANGE_PASSWORD_PATH)) redirect(CHANGE_PASSWORD_PATH);
  // Then a required second factor is enrolled (decision 0033).
  if (!actor.mustChangePassword && actor.mustEnrolSecondFactor && !path.startsWith(TWO_FACTOR_PATH))
    redirect(TWO_FACTOR_PATH);
  return actor;
}

/** The id proxy.ts gave this page request (also its X-Request-Id): pass it to logError from pages. */
export async function pageRequestId(): Promise<string | null> {
  return trustedRequestId((await headers()).get(REQUEST_ID_HEADER));
}
