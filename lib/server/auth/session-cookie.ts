import "server-only";
import { env } from "@/lib/env";
import { requestProtocol } from "../api/request-meta";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "./session-policy";

/** next-auth's names; the __Secure- one is used when the site runs on https. */
export const SESSION_COOKIE_NAMES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;

/**
 * Cookies are `Secure` when the public URL is https (NEXTAUTH_URL) or this request reached us over
 * https: a TLS socket, or X-Forwarded-Proto from a proxy declared in TRUSTED_PROXIES (a client's
 * own header is not believed; see request-meta.ts).
 */
export function secureCookies(headers: Headers): boolean {
  return Boolean(env().NEXTAUTH_URL?.startsWith("https://")) || requestProtocol(headers) === "https";
}

export function sessionCookieOptions(secure: boolean) {
  const { SESSION_COOKIE_DOMAIN } = env();
  return {
    name: secure ? SESSION_COOKIE_NAMES[1] : SESSION_COOKIE_NAMES[0],
    options: {
      httpOnly: true,
      sameSite: "lax" as const,
      path: "/",
      secure,
      // Shares the session across study subdomains in production (e.g. ".registry.example.org").
      ...(SESSION_COOKIE_DOMAIN ? { domain: SESSION_COOKIE_DOMAIN } : {}),
      maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
    },
  };
}

/** A Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  const { name, options } = sessionCookieOptions(secure);
  const parts = [`${name}=`, "Path=/", "Max-Age=0", "HttpOnly", "SameSite=Lax"];
  if (options.secure) parts.push("Secure");
  if ("domain" in options && options.domain) parts.push(`Domain=${options.domain}`);
  return parts.join("; ");
}
