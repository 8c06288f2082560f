import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { LoginBody } from "@/lib/schemas/auth";
import { ApiError } from "../api/errors";
import { requestMeta } from "../api/request-meta";
import { openSession, verifyCredentials } from "./auth-service";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "./session-policy";
import { sessionCookieOptions } from "./session-cookie";
import { authSecret } from "./secret";

/**
 * Browser sign-in. The cookie holds only the user id and our session id; the session row decides
 * whether it is still valid (idle 30 min, absolute 12 h, logout, deactivation), see actor.ts.
 */
export function nextAuthOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000 },
    cookies: { sessionToken: sessionCookieOptions() },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "credentials",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          const parsed = LoginBody.safeParse(credentials ?? {});
          if (!parsed.success)
            throw new Error(parsed.error.issues[0]?.message ?? "Email and password are required");
          const headers = new Headers();
          for (const [key, value] of Object.entries(req.headers ?? {})) {
            if (typeof value === "string") headers.set(key, value);
          }
          const meta = requestMeta(headers);
          const db = await getDb();
          try {
            const user = await verifyCredentials(db, parsed.data, meta);
            const { session } = await openSession(db, user, "browser", meta);
            return { id: String(user.id), email: user.email, name: user.fullName, sid: session.id };
          } catch (error) {
            // next-auth hands this message to the login page as the error text.
            if (error instanceof ApiError) throw new Error(error.message);
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user && "sid" in user && typeof user.sid === "string") token.sid = user.sid;
        return token;
      },
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub } };
      },
    },
  };
}
