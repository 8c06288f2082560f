import NextAuth from "next-auth";
import { NextRequest, NextResponse } from "next/server";
import { nextAuthOptions } from "@/lib/server/auth/next-auth-options";
import { MAX_JSON_BODY_BYTES, readBodyBytes } from "@/lib/server/api/body-limit";
import { ApiError } from "@/lib/server/api/errors";
import { newRequestId, withRequestId } from "@/lib/server/api/request-context";
import { withEdgeHeaders } from "@/lib/server/api/route";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request: the secret is read lazily, never while `next build` runs. The same
// security headers, no-store and X-Request-Id as every other API answer, and the same streamed body
// limit: next-auth would otherwise read a sign-in body of any size whole.
async function handler(req: NextRequest, context: Context) {
  const requestId = newRequestId();
  const response = await withRequestId(requestId, async () => {
    try {
      return await NextAuth(nextAuthOptions())(await bounded(req), context);
    } catch (error) {
      if (error instanceof ApiError)
        return NextResponse.json({ detail: error.detail }, { status: error.status });
      throw error;
    }
  });
  return withEdgeHeaders(response, req, requestId);
}

async function bounded(req: NextRequest): Promise<NextRequest> {
  if (req.method !== "POST") return req;
  const body = await readBodyBytes(req, MAX_JSON_BODY_BYTES);
  return new NextRequest(req.url, { method: req.method, headers: req.headers, body });
}

export { handler as GET, handler as POST };
