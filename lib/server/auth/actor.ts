import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { eq, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import type { Db } from "@/db/client";
import { prepared } from "@/db/prepared";
import { authSessions, users } from "@/db/schema";
import { API_TOKEN_PREFIX, type ApiTokenAccess } from "@/lib/schemas/api-tokens";
import { readApiToken } from "./api-token-lookup";
import type { PolicyActor } from "./policy";
import { SESSION_COOKIE_NAMES } from "./session-cookie";
import { SESSION_IDLE_TIMEOUT_MS, SESSION_TOUCH_INTERVAL_MS } from "./session-policy";
import { authSecret } from "./secret";
import { sessionCacheOf, type SessionRow } from "./session-cache";
import { hasSecondFactor } from "./second-factor";
import { readAccessToken } from "./tokens";
import { VerifiedTokenCache } from "./verified-token-cache";

export type Actor = PolicyActor & {
  email: string;
  fullName: string;
  /** The sign-in session; null for a personal API token, which has none. */
  sessionId: string | null;
  /** `job`: a background job acting for the user who started it (an import, decision 0037). */
  via: "cookie" | "bearer" | "api_token" | "job";
  /**
   * The personal API token the request came with (docs/decisions/0036-personal-api-tokens.md):
   * policy.ts bounds the user's access by it, the route wrapper names it on the audit rows.
   */
  apiToken: { id: number; name: string; studyId: number; access: ApiTokenAccess } | null;
  /** A temporary password is in force: only the password change (and me, logout) may be called. */
  mustChangePassword: boolean;
  /**
   * A second factor is required of this user and none is enrolled (decision 0033): only the
   * enrolment (and me, logout) may be called.
   */
  mustEnrolSecondFactor: boolean;
  /** The language chosen on the account page, if any (docs/decisions/0021). */
  locale: Locale | null;
  /**
   * This request passed the notification barrier (session-watch.ts): every change committed before
   * it arrived has been heard, so watched copies (the study context) are as current as a read.
   * False on PGlite, and while the LISTEN connection is down.
   */
  heard: boolean;
};

/**
 * The one way to learn who is calling: a bearer token (API clients) or the next-auth cookie
 * (browser). Either way the session row and the user are as current as a database read, so a
 * logout, a deactivation or a role change takes effect on the very next request; on PostgreSQL
 * they come from this process's copy, kept current by the database's notifications, instead of a
 * query per request (session-cache.ts, docs/decisions/0019).
 */
export async function resolveActor(db: Db, headers: Headers): Promise<Actor | null> {
  const apiToken = apiTokenOf(headers);
  if (apiToken !== null) return apiTokenActor(db, apiToken);
  const credentials = await readCredentials(headers);
  if (!credentials) return null;
  const current = await currentSession(db, credentials.userId, credentials.sessionId);
  if (!current) return null;
  const { session, user } = current.row;

  return {
    ...userFields(user),
    sessionId: session.id,
    via: credentials.via,
    apiToken: null,
    mustEnrolSecondFactor: credentials.secondFactorRequired && !hasSecondFactor(user),
    heard: current.heard,
  };
}

/** What an actor takes from their user row, however they came in. */
function userFields(user: SessionRow["user"]) {
  return {
    userId: user.id,
    email: user.email,
    fullName: user.fullName,
    roleLevel: user.roleLevel,
    isSuperuser: user.isSuperuser,
    mustChangePassword: user.mustChangePassword,
    locale: user.locale ?? null,
  };
}

/**
 * A personal API token, read on every request (no copy is kept), so a revocation, an expiry or the
 * user's deactivation refuses the very next call (docs/decisions/0036-personal-api-tokens.md).
 * Its user passed any second-factor requirement when they created it in a signed-in session.
 */
async function apiTokenActor(db: Db, token: string): Promise<Actor | null> {
  const found = await readApiToken(db, token, new Date());
  if (!found) return null;
  const { token: row, user } = found;
  return {
    ...userFields(user),
    sessionId: null,
    via: "api_token",
    apiToken: { id: row.id, name: row.name, studyId: row.studyId, access: row.access },
    mustEnrolSecondFactor: false,
    heard: false,
  };
}

/** A bearer credential that is a personal API token (its prefix says so; a JWT never has it). */
export function apiTokenOf(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "");
  const token = match?.[1];
  return token?.startsWith(API_TOKEN_PREFIX) ? token : null;
}

/**
 * The live session of a request, touched at most once per SESSION_TOUCH_INTERVAL_MS. A copy is
 * used only after the notification barrier (every change committed before this request has been
 * heard) and only while it needs no touch, so the idle limit is judged on a row at most one touch
 * interval old; past that the row is read again (another instance may have touched it) and touched.
 */
async function currentSession(
  db: Db,
  userId: number,
  sessionId: string,
): Promise<{ row: SessionRow; heard: boolean } | null> {
  if (!SESSION_ID.test(sessionId)) return null;
  const cache = sessionCacheOf(db);
  const watched = cache ? await cache.watch.sync() : false;
  const now = Date.now();
  if (cache && watched) {
    const known = cache.get(sessionId);
    if (known && now - known.session.lastSeenAt.getTime() <= SESSION_TOUCH_INTERVAL_MS)
      return isLive(known, userId, now) ? { row: known, heard: true } : null;
  }
  const mark = cache?.mark() ?? 0;
  const row = await readSession(db, sessionId);
  if (!row || !isLive(row, userId, now)) {
    cache?.delete(sessionId);
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    const lastSeenAt = new Date(now);
    await db.update(authSessions).set({ lastSeenAt }).where(eq(authSessions.id, row.session.id));
    row.session = { ...row.session, lastSeenAt };
  }
  if (cache && watched) cache.set(row, mark);
  return { row, heard: watched };
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session row and its user when the session may still be used: not revoked, inside its
 * absolute lifetime and its idle limit, user active. Reading it does not count as activity.
 */
export async function liveSession(db: Db, userId: number, sessionId: string) {
  // The id comes from a signed token, but a malformed one must not reach the uuid column (22P02).
  if (!SESSION_ID.test(sessionId)) return null;
  const row = await readSession(db, sessionId);
  return row && isLive(row, userId, Date.now()) ? row : null;
}

function readSession(db: Db, sessionId: string): Promise<SessionRow | null> {
  return prepared(db, "live_session", (q, name) =>
    q
      .select({ session: authSessions, user: users })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(authSessions.id, sql.placeholder("sessionId")))
      .limit(1)
      .prepare(name),
  )
    .execute({ sessionId })
    .then(([row]) => row ?? null);
}

function isLive({ session, user }: SessionRow, userId: number, now: number): boolean {
  if (user.id !== userId) return false;
  if (session.revokedAt || session.expiresAt.getTime() <= now || !user.isActive) return false;
  return now - session.lastSeenAt.getTime() <= SESSION_IDLE_TIMEOUT_MS;
}

type Credentials = {
  userId: number;
  sessionId: string;
  via: Actor["via"];
  /** Decided at sign-in and carried by the token (account-policy.ts). */
  secondFactorRequired: boolean;
};

/** Verified bearer tokens and session cookies of this process (see verified-token-cache.ts). */
const verifiedTokens = new VerifiedTokenCache<Credentials>(4096);

async function readCredentials(headers: Headers): Promise<Credentials | null> {
  const authorization = headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match?.[1]) return null;
    const key = `bearer:${match[1]}`;
    const known = verifiedTokens.get(key);
    if (known) return known;
    const token = await readAccessToken(match[1]);
    if (!token) return null;
    const credentials: Credentials = {
      userId: token.userId,
      sessionId: token.sessionId,
      via: "bearer",
      secondFactorRequired: token.secondFactorRequired,
    };
    verifiedTokens.set(key, credentials, token.expiresAtMs);
    return credentials;
  }
  const cookieToken = readCookie(headers.get("cookie"), SESSION_COOKIE_NAMES);
  if (!cookieToken) return null;
  const key = `cookie:${cookieToken}`;
  const known = verifiedTokens.get(key);
  if (known) return known;
  try {
    const payload = await decode({ token: cookieToken, secret: authSecret() });
    const userId = Number(payload?.sub);
    if (!payload || typeof payload.sid !== "string" || !Number.isSafeInteger(userId)) return null;
    const credentials: Credentials = {
      userId,
      sessionId: payload.sid,
      via: "cookie",
      secondFactorRequired: payload.tfa === true,
    };
    if (typeof payload.exp === "number") verifiedTokens.set(key, credentials, payload.exp * 1000);
    return credentials;
  } catch {
    return null;
  }
}

function readCookie(header: string | null, names: readonly string[]): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (names.includes(name)) return decodeCookieValue(part.slice(index + 1).trim());
  }
  return null;
}

/** A malformed percent-escape is an unreadable cookie, i.e. no session: never a 500. */
function decodeCookieValue(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
