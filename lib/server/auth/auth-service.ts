import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { authSessions, users, type SessionKind } from "@/db/schema";
import type { UserResponse } from "@/lib/schemas/auth";
import { unauthorized } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import { auditedTransaction } from "../audit/audit-writer";
import type { Actor } from "./actor";
import { deviceNonceFor, withDeviceFor, type DeviceToken } from "./device-cookie";
import { burnPasswordCheck, verifyPassword } from "./password";
import { auditThrottleLimits, claimSignInAttempt, markSignInSucceeded } from "./sign-in-throttle";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  INVALID_CREDENTIALS,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from "./session-policy";
import { hashRefreshToken, newRefreshToken, signAccessToken } from "./tokens";

type UserRow = typeof users.$inferSelect;

export function toUserResponse(user: UserRow): UserResponse {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    is_superuser: user.isSuperuser,
    role_level: user.roleLevel,
    is_active: user.isActive,
    last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
    locale: user.locale ?? null,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The one sign-in service, for the API login and the next-auth browser sign-in alike. Throttled
 * callers get 429 before any password is checked (docs/decisions/0010; a browser whose device
 * cookie names this user is judged by its own failures only). Every other refusal (unknown email,
 * wrong password, administratively locked, deactivated) costs one argon2 verification, records one
 * attempt and one audit row, and answers the same generic 401, so unknown emails cannot be told
 * from known ones by answer or by work done. A success returns the browser's device tokens with
 * this user's first, for the caller to set as the device cookie.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string },
  kind: SessionKind,
  meta: RequestMeta,
  devices: DeviceToken[] = [],
) {
  const { user, attemptId } = await verifyCredentials(db, input, meta, devices);
  return {
    user,
    devices: withDeviceFor(devices, user.id),
    ...(await openSession(db, user, kind, meta, attemptId)),
  };
}

async function verifyCredentials(
  db: Db,
  input: { email: string; password: string },
  meta: RequestMeta,
  devices: DeviceToken[],
): Promise<{ user: UserRow; attemptId: number }> {
  const email = normalizeEmail(input.email);
  const now = new Date();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // Only a token the server signed for this very user counts; an unknown email never has one.
  const device = user ? deviceNonceFor(devices, user.id) : null;
  const attemptId = await claimSignInAttempt(db, { email, meta, device }, now);

  const refuse = async (reason: string, userId: number | null) => {
    await auditedTransaction(db, async (tx, audit) => {
      await auditThrottleLimits(tx, audit, { id: attemptId, email, userId, meta, now, device });
      audit({
        action: "login",
        entityType: "user",
        entityId: userId,
        actor: { userId, email },
        meta,
        reason: `Sign-in failed: ${reason}`,
        newValues: { success: false },
      });
    });
    return unauthorized(INVALID_CREDENTIALS);
  };

  if (!user) {
    await burnPasswordCheck(input.password);
    throw await refuse("unknown email", null);
  }
  // Set only by an administrator now: failed sign-ins throttle, they no longer lock the account.
  if (user.lockedUntil && user.lockedUntil > now) {
    await burnPasswordCheck(input.password);
    throw await refuse("account locked", user.id);
  }
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw await refuse("wrong password", user.id);
  if (!user.isActive) throw await refuse("account deactivated", user.id);

  const [updated] = await db.update(users).set({ lastLogin: now }).where(eq(users.id, user.id)).returning();
  return { user: updated ?? user, attemptId };
}

/**
 * Opens a session row (browser or API) and audits the successful sign-in with it; the sign-in's
 * claimed attempt becomes a success for throttling (it clears the failures of its email and
 * address pair). Only `signIn` opens sessions in the application; tests open them directly.
 */
export async function openSession(
  db: Db,
  user: UserRow,
  kind: SessionKind,
  meta: RequestMeta,
  attemptId?: number,
) {
  const refresh = kind === "api" ? newRefreshToken() : null;
  const session = await auditedTransaction(db, async (tx, audit) => {
    if (attemptId !== undefined) await markSignInSucceeded(tx, attemptId);
    const [row] = await tx
      .insert(authSessions)
      .values({
        userId: user.id,
        kind,
        refreshTokenHash: refresh?.hash ?? null,
        expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_LIFETIME_MS),
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      })
      .returning();
    audit({
      action: "login",
      entityType: "user",
      entityId: user.id,
      actor: { userId: user.id, email: user.email },
      meta,
      reason: kind === "api" ? "Signed in (API token)" : "Signed in (browser)",
      newValues: { success: true, session_kind: kind },
    });
    return row!;
  });
  return { session, refreshToken: refresh?.token ?? null };
}

/** POST /api/auth/login: the tokens, and the device tokens for the answer's device cookie. */
export async function apiLogin(
  db: Db,
  input: { email: string; password: string },
  meta: RequestMeta,
  devices: DeviceToken[],
) {
  const { user, session, refreshToken, devices: kept } = await signIn(db, input, "api", meta, devices);
  return { tokens: await tokenResponse(user.id, session.id, refreshToken!), devices: kept };
}

/** The tokens alone, for callers without a cookie jar (scripts, benchmarks). */
export async function loginForApi(db: Db, input: { email: string; password: string }, meta: RequestMeta) {
  return (await apiLogin(db, input, meta, [])).tokens;
}

async function tokenResponse(userId: number, sessionId: string, refreshToken: string) {
  return {
    access_token: await signAccessToken(userId, sessionId),
    refresh_token: refreshToken,
    token_type: "bearer" as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

/**
 * Rotates the refresh token of a live API session; the old one stops working. A session idle for
 * longer than the idle limit stays ended: refreshing does not revive it.
 */
export async function refreshApiSession(db: Db, refreshToken: string) {
  const now = new Date();
  const idleSince = new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS);
  const rotated = newRefreshToken();
  const [row] = await db
    .update(authSessions)
    .set({ refreshTokenHash: rotated.hash, lastSeenAt: now })
    .where(
      and(
        eq(authSessions.refreshTokenHash, hashRefreshToken(refreshToken)),
        eq(authSessions.kind, "api"),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        gt(authSessions.lastSeenAt, idleSince),
      ),
    )
    .returning();
  if (!row) throw unauthorized(messageRef("api.auth.refreshInvalid"));
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user?.isActive) throw unauthorized(messageRef("api.auth.refreshInvalid"));
  return tokenResponse(user.id, row.id, rotated.token);
}

/** Ends the actor's session (cookie or bearer): its tokens stop working at once. */
export async function logout(db: Db, actor: Actor, meta: RequestMeta): Promise<void> {
  await auditedTransaction(db, async (tx, audit) => {
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date(), refreshTokenHash: null })
      .where(and(eq(authSessions.id, actor.sessionId), isNull(authSessions.revokedAt)));
    audit({
      action: "logout",
      entityType: "user",
      entityId: actor.userId,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      reason: "Signed out",
    });
  });
}

export async function currentUser(db: Db, actor: Actor): Promise<UserResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw unauthorized();
  return toUserResponse(user);
}
