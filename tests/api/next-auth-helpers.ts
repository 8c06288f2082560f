// next-auth does not export its core; the file itself is the handler behind every next-auth route.
import { AuthHandler } from "../../node_modules/next-auth/core/index.js";
import { nextAuthOptions } from "@/lib/server/auth/next-auth-options";
import { BASE } from "./helpers";

/**
 * Runs next-auth's own request handling (the code behind /api/auth/[...nextauth]) with our options.
 * The App Router wrapper itself needs Next's request scope (cookies()), which a unit test lacks.
 */
export async function nextAuth(
  path: string,
  init: { method?: string; headers?: Record<string, string>; form?: Record<string, string> } = {},
) {
  const headers = new Headers({ host: "localhost:3000", "x-forwarded-proto": "http", ...init.headers });
  if (init.form) headers.set("content-type", "application/json");
  const req = new Request(`${BASE}/api/auth/${path}`, {
    method: init.method ?? "GET",
    headers,
    // next-auth's core reads a web Request's body as JSON (the App Router wrapper converts the form).
    body: init.form ? JSON.stringify(init.form) : undefined,
  });
  return AuthHandler<Record<string, unknown>>({ req, options: nextAuthOptions() });
}

/** The Cookie header value for the cookies next-auth set. */
export const cookieHeader = (cookies: { name: string; value: string }[] | undefined) =>
  (cookies ?? []).map((c) => `${c.name}=${c.value}`).join("; ");

/** A browser sign-in through next-auth's credentials callback, from `address`. */
export async function browserSignIn(email: string, password: string, address: string) {
  const csrf = await nextAuth("csrf", { headers: { "x-forwarded-for": address } });
  const csrfToken = String(csrf.body?.csrfToken);
  return nextAuth("callback/credentials", {
    method: "POST",
    headers: { "x-forwarded-for": address, cookie: cookieHeader(csrf.cookies) },
    form: { csrfToken, email, password, json: "true" },
  });
}
