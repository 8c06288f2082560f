import NextAuth from "next-auth";
import { nextAuthOptions } from "@/lib/server/auth/next-auth-options";

// Options are built per request: the secret is read lazily, never while `next build` runs.
async function handler(req: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(nextAuthOptions())(req, context);
}

export { handler as GET, handler as POST };
