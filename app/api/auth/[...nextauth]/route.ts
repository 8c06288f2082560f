import NextAuth from "next-auth";
import { nextAuthOptions } from "@/lib/server/auth/next-auth-options";
import { newRequestId, withRequestId } from "@/lib/server/api/request-context";
import { withEdgeHeaders } from "@/lib/server/api/route";

// Options are built per request: the secret is read lazily, never while `next build` runs. The same
// security headers, no-store and X-Request-Id as every other API answer.
async function handler(req: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  const requestId = newRequestId();
  const response = await withRequestId(requestId, () => NextAuth(nextAuthOptions())(req, context));
  return withEdgeHeaders(response, req, requestId);
}

export { handler as GET, handler as POST };
