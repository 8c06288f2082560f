import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { loginUrl } from "@/lib/routes";
import { resolveActor, type Actor } from "./actor";

/** For server pages and layouts: the signed-in actor, or a redirect to /login with returnUrl. */
export async function requirePageActor(): Promise<Actor> {
  const requestHeaders = await headers();
  const actor = await resolveActor(await getDb(), requestHeaders);
  if (!actor) redirect(loginUrl(requestHeaders.get("x-request-path") ?? "/admin/studies"));
  return actor;
}
