import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { routePage, studySubdomain, subdomainRewrite } from "@/lib/routes";
import { newRequestId, REQUEST_ID_HEADER } from "@/lib/server/api/request-context";
import { applyHeaders, isHttps, newNonce, pageSecurityHeaders } from "@/lib/server/api/security-headers";

// Convenience redirects only: every page and route handler checks the session itself against the
// database (decision 0004); the cookie's presence here proves nothing.
const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

/**
 * Every page answer (and redirect) gets a fresh script nonce in its Content-Security-Policy, the
 * other security headers, `Cache-Control: no-store` and an X-Request-Id. Next reads the policy from
 * the request headers and puts the nonce on its own scripts (pages render dynamically). /api is not
 * matched: its handlers set the same headers themselves, and running the proxy there would make
 * Next buffer request bodies before the route can count them.
 */
export function proxy(request: NextRequest) {
  const { search } = request.nextUrl;
  let { pathname } = request.nextUrl;
  const nonce = newNonce();
  const requestId = newRequestId();
  const securityHeaders = pageSecurityHeaders(nonce, isHttps(request.headers, request.url));
  const finish = (response: NextResponse) => {
    applyHeaders(response.headers, securityHeaders);
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Request-Id", requestId);
    return response;
  };

  // psoriasis.localhost:3000/ shows the psoriasis study area, as /psoriasis does.
  const subdomain = studySubdomain(request.headers.get("host"), env().STUDY_BASE_DOMAIN);
  const rewritten = subdomain ? subdomainRewrite(pathname, subdomain) : null;
  if (rewritten) pathname = rewritten;

  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  const decision = routePage(pathname + search, pathname, hasSession);
  if ("redirect" in decision) return finish(NextResponse.redirect(new URL(decision.redirect, request.url)));

  const headers = new Headers(request.headers);
  // Lets server layouts build a returnUrl when the cookie turns out to be stale.
  headers.set("x-request-path", pathname + search);
  // Replaces anything the client sent: server code logs with this id (lib/server/api/log.ts).
  headers.set(REQUEST_ID_HEADER, requestId);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", securityHeaders["Content-Security-Policy"]!);
  if (rewritten)
    return finish(NextResponse.rewrite(new URL(rewritten + search, request.url), { request: { headers } }));
  return finish(NextResponse.next({ request: { headers } }));
}

export const config = {
  matcher: [
    "/((?!api/|_next/|favicon.ico|robots.txt|.*\\.(?:png|jpg|jpeg|svg|gif|ico|webp|css|js|map|txt|woff2?)$).*)",
  ],
};
