import NextAuth from "next-auth";
import { NextRequest, NextResponse } from "next/server";
import { nextAuthOptions } from "@/lib/server/auth/next-auth-options";
import { secureCookies } from "@/lib/server/auth/session-cookie";
import { MAX_JSON_BODY_BYTES, readBodyBytes } from "@/lib/server/api/body-limit";
import { ApiError } from "@/lib/server/api/errors";
import { newRequestId, responseCookies, withRequestId } from "@/lib/server/api/request-context";
import { detailInWords, withEdgeHeaders } from "@/lib/server/api/route";
import { apiLocale } from "@/lib/server/i18n/api-locale";
import { translatorFor } from "@/lib/server/i18n/translator";
import { messageRef } from "@/lib/i18n/message-ref";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request: the secret is read lazily, never while `next build` runs. The same
// security headers, no-store and X-Request-Id as every other API answer, and the same streamed body
// limit: next-auth would otherwise read a sign-in body of any size whole.
async function handler(req: NextRequest, context: Context) {
  const requestId = newRequestId();
  // Before sign-in there is no account: the switch's cookie or Accept-Language (docs/decisions/0021).
  const locale = apiLocale(req.headers, null);
  const { words } = await translatorFor(locale);
  const response = await withRequestId(requestId, async () => {
    // next-auth's session update (POST) is not used here (the session holds ids only, see
    // next-auth-options.ts); left to next-auth it answers 400 with the body "[object Object]".
    if (req.method === "POST" && (await context.params).nextauth.join("/") === "session")
      return NextResponse.json(
        { detail: words(messageRef("api.auth.sessionReadOnly")) },
        { status: 405, headers: { allow: "GET" } },
      );
    let answer: Response;
    try {
      answer = await NextAuth(nextAuthOptions(secureCookies(req.headers)))(await bounded(req), context);
    } catch (error) {
      if (error instanceof ApiError)
        return NextResponse.json({ detail: detailInWords(error.detail, words) }, { status: error.status });
      throw error;
    }
    // The device cookie of a successful sign-in (set by the credentials callback).
    const cookies = responseCookies();
    if (cookies.length === 0) return answer;
    const withCookies = new Response(answer.body, answer);
    for (const cookie of cookies) withCookies.headers.append("set-cookie", cookie);
    return withCookies;
  });
  return withEdgeHeaders(response, req, requestId, locale);
}

// next-auth reads headers and cookies from Next's request scope, the body from this request.
async function bounded(req: NextRequest): Promise<NextRequest> {
  if (req.method !== "POST") return req;
  const body = await readBodyBytes(req, MAX_JSON_BODY_BYTES);
  return new NextRequest(req.url, { method: req.method, headers: req.headers, body });
}

export { handler as GET, handler as POST };
