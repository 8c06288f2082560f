// next-auth does not export its core; the file itself is the handler behind every next-auth route.
import { AuthHandler } from "../../node_modules/next-auth/core/index.js";
import { nextAuthOptions } from "@/lib/server/auth/next-auth-options";
import { secureCookies } from "@/lib/server/auth/session-cookie";
import { newRequestId, responseCookies, withRequestId } from "@/lib/server/api/request-context";
import { BASE, fromAddress } from "./helpers";

/**
 * Runs next-auth's own request handling (the code behind /api/auth/[...nextauth]) with our options.
 * The App Router wrapper itself needs Next's request scope (cookies()), which a unit test lacks.
 */
export async function nextAuth(
  path: string,
  init: { method?: string; headers?: Record<string, string>; form?: Record<string, string> } = {},
) {
  const headers = new Headers({ host: "localhost:3000", "x-forwarded-proto": "http", ...init.headers });
  // As the route does: cookies are Secure when the request came over https (session-cookie.ts).
  const secure = secureCookies(headers);
  if (init.form) headers.set("content-type", "application/json");
  const req = new Request(`${BASE}/api/auth/${path}`, {
    method: init.method ?? "GET",
    headers,
    // next-auth's core reads a web Request's body as JSON (the App Router wrapper converts the form).
    body: init.form ? JSON.stringify(init.form) : undefined,
  });
  // The request scope our route wrapper opens: the credentials callback queues the device cookie there.
  return withRequestId(newRequestId(), async () => {
    const answer = await AuthHandler<Record<string, unknown>>({ req, options: nextAuthOptions(secure) });
    return { ...answer, setCookies: [...responseCookies()] };
  });
}

/** The Cookie header value for the cookies next-auth set. */
export const cookieHeader = (cookies: { name: string; value: string }[] | undefined) =>
  (cookies ?? []).map((c) => `${c.name}=${c.value}`).join("; ");

/**
 * A browser sign-in through next-auth's credentials callback, from `address`; `cookie` adds the
 * browser's other cookies (its device cookie).
 */
export async function browserSignIn(
  email: string,
  password: string,
  address: string,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  const csrf = await nextAuth("csrf", { headers: { ...headers, ...fromAddress(address) } });
  const csrfToken = String(csrf.body?.csrfToken);
  return nextAuth("callback/credentials", {
    method: "POST",
    headers: {
      ...headers,
      ...fromAddress(address),
      cookie: [cookieHeader(csrf.cookies), cookie].filter(Boolean).join("; "),
    },
    form: { csrfToken, email, password, json: "true" },
  });
}
