import { NextResponse, type NextRequest } from "next/server";
import { routePage } from "@/lib/routes";

// Convenience redirects only: every page and route handler checks the session itself against the
// database (DESIGN.md §5); the cookie's presence here proves nothing.
const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  const decision = routePage(pathname + search, pathname, hasSession);
  if ("redirect" in decision) return NextResponse.redirect(new URL(decision.redirect, request.url));

  // Lets server layouts build a returnUrl when the cookie turns out to be stale.
  const headers = new Headers(request.headers);
  headers.set("x-request-path", pathname + search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: [
    "/((?!api/|_next/|favicon.ico|robots.txt|.*\\.(?:png|jpg|jpeg|svg|gif|ico|webp|css|js|map|txt|woff2?)$).*)",
  ],
};
