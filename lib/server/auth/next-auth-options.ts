import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { LoginBody } from "@/lib/schemas/auth";
import { messageRef } from "@/lib/i18n/message-ref";
import { ApiError } from "../api/errors";
import { apiLocale } from "../i18n/api-locale";
import { translatorFor } from "../i18n/translator";
import { requestMeta } from "../api/request-meta";
import { setResponseCookie } from "../api/request-context";
import { logError, logWarn } from "../api/log";
import { liveSession } from "./actor";
import { signIn, TOTP_REQUIRED } from "./auth-service";
import { deviceCookieHeader, deviceTokensOf } from "./device-cookie";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "./session-policy";
import { sessionCookieOptions } from "./session-cookie";
import { authSecret } from "./secret";

/**
 * Browser sign-in. The cookie holds only the user id and our session id; the session row decides
 * whether it is still valid (idle 30 min, absolute 12 h, logout, deactivation), see actor.ts.
 * `secure`: the request came over https (session-cookie.ts `secureCookies`); every cookie next-auth
 * sets is then `Secure`.
 */
export function nextAuthOptions(secure: boolean): NextAuthOptions {
  return {
    secret: authSecret(),
    useSecureCookies: secure,
    session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000 },
    cookies: { sessionToken: sessionCookieOptions(secure) },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "credentials",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          totp: { label: "Code", type: "text" },
        },
        async authorize(credentials, req) {
          const headers = new Headers();
          for (const [key, value] of Object.entries(req.headers ?? {})) {
            if (typeof value === "string") headers.set(key, value);
          }
          // next-auth hands the message to the login page as it is: put it into the words of the
          // page's reader (docs/decisions/0021).
          const { words } = await translatorFor(apiLocale(headers, null));
          const parsed = LoginBody.safeParse(credentials ?? {});
          if (!parsed.success)
            throw new Error(
              words(parsed.error.issues[0]?.message ?? messageRef("api.auth.credentialsRequired")),
            );
          const meta = requestMeta(headers);
          const db = await getDb();
          try {
            const { user, session, devices, secondFactorRequired } = await signIn(
              db,
              parsed.data,
              "browser",
              meta,
              deviceTokensOf(headers.get("cookie")),
            );
            // The device cookie (docs/decisions/0010); the route adds it to next-auth's answer.
            setResponseCookie(deviceCookieHeader(devices, secure));
            return {
              id: String(user.id),
              email: user.email,
              name: user.fullName,
              sid: session.id,
              tfa: secondFactorRequired,
            };
          } catch (error) {
            // The form tells "ask for the code" from a refusal by this word, not by the text
            // (decision 0033): the message travels after it.
            if (error instanceof ApiError && error.type === TOTP_REQUIRED)
              throw new Error(`${TOTP_REQUIRED}:${words(error.message)}`);
            // next-auth hands this message to the login page as the error text.
            if (error instanceof ApiError) throw new Error(words(error.message));
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        // At sign-in: keep only the user id and our session id (no name or email in the cookie).
        if (user)
          return {
            sub: token.sub,
            sid: "sid" in user ? user.sid : undefined,
            ...("tfa" in user && user.tfa === true ? { tfa: true } : {}),
          };
        // Every later read (GET /api/auth/session): an ended session answers nothing and its
        // cookie is cleared (next-auth does both when this callback throws).
        const userId = Number(token.sub);
        const live =
          Number.isSafeInteger(userId) && typeof token.sid === "string"
            ? await liveSession(await getDb(), userId, token.sid)
            : null;
        if (!live) throw new SessionEnded();
        return token;
      },
      session({ session, token }) {
        // The user's name and email come from /api/auth/me (read from the database), not from here.
        return { expires: session.expires, user: { id: token.sub, name: null, email: null } };
      },
    },
    logger: {
      error(code, metadata) {
        const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error;
        if (error instanceof SessionEnded) return; // an expected answer, not a fault
        logError(`next-auth ${code}`, error ?? new Error(String(code)));
      },
      warn(code) {
        logWarn(`next-auth ${code}`);
      },
      debug() {},
    },
  };
}

/** Thrown by the jwt callback for a revoked, idle-expired or expired session. */
class SessionEnded extends Error {
  constructor() {
    super("Session ended");
    this.name = "SessionEnded";
  }
}
