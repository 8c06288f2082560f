import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { routePage, studySubdomain, subdomainRewrite } from "@/lib/routes";

// Convenience redirects only: every page and route handler checks the session itself against the
// database (DESIGN.md §5); the cookie's presence here proves nothing.
const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

export function proxy(request: NextRequest) {
  const { search } = request.nextUrl;
  let { pathname } = request.nextUrl;

  // psoriasis.localhost:3000/ shows the psoriasis study area, as /psoriasis does.
  const subdomain = studySubdomain(request.headers.get("host"), env().STUDY_BASE_DOMAIN);
  const rewritten = subdomain ? subdomainRewrite(pathname, subdomain) : null;
  if (rewritten) pathname = rewritten;

  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  const decision = routePage(pathname + search, pathname, hasSession);
  if ("redirect" in decision) return NextResponse.redirect(new URL(decision.redirect, request.url));

  // Lets server layouts build a returnUrl when the cookie turns out to be stale.
  const headers = new Headers(request.headers);
  headers.set("x-request-path", pathname + search);
  if (rewritten)
    return NextResponse.rewrite(new URL(rewritten + search, request.url), { request: { headers } });
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: [
    "/((?!api/|_next/|favicon.ico|robots.txt|.*\\.(?:png|jpg|jpeg|svg|gif|ico|webp|css|js|map|txt|woff2?)$).*)",
  ],
};
