import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { authSessions, users, type SessionKind } from "@/db/schema";
import type { UserResponse } from "@/lib/schemas/auth";
import { ApiError, unauthorized } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import { auditedTransaction } from "../audit/audit-writer";
import type { Actor } from "./actor";
import { authNow } from "./auth-clock";
import { deviceNonceFor, withDeviceFor, type DeviceToken } from "./device-cookie";
import { burnPasswordCheck, verifyPassword } from "./password";
import { passwordExpired, secondFactorRequired } from "./account-policy";
import { hasSecondFactor, verifySecondFactor } from "./second-factor";
import {
  auditThrottleLimits,
  claimSignInAttempt,
  forgetSignInAttempt,
  markSignInSucceeded,
} from "./sign-in-throttle";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  INVALID_CREDENTIALS,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from "./session-policy";
import { hashSecretToken, newSecretToken, signAccessToken } from "./tokens";

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

/** What a sign-in sends: the password, and the second factor once the account has one. */
export type SignInInput = { email: string; password: string; totp?: string | undefined };

/** The answer to a right password of an account with a second factor but no code (decision 0033). */
export const TOTP_REQUIRED = "totp_required";
export const TOTP_INVALID = "totp_invalid";

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
  input: SignInInput,
  kind: SessionKind,
  meta: RequestMeta,
  devices: DeviceToken[] = [],
  now: Date = authNow(),
) {
  const { user, attemptId, secondFactor, passwordExpiredNow } = await verifyCredentials(
    db,
    input,
    meta,
    devices,
    now,
  );
  const opened = await openSession(db, user, kind, meta, attemptId, { secondFactor, passwordExpiredNow });
  return {
    user,
    devices: withDeviceFor(devices, user.id),
    // Carried by the session's token: the requirement is asked once per sign-in (account-policy.ts).
    secondFactorRequired: await secondFactorRequired(db, policyActorOf(user)),
    ...opened,
  };
}

const policyActorOf = (user: UserRow) => ({
  userId: user.id,
  roleLevel: user.roleLevel,
  isSuperuser: user.isSuperuser,
});

/**
 * The password, then the second factor of an enrolled account (decision 0033): without a code the
 * answer is 401 `totp_required` and the attempt is forgotten (the password was right and nothing
 * was guessed at the second factor); a wrong code, or one already accepted once (decision 0033: a
 * code counts once), is a failed sign-in like a wrong password, counted by the throttle and audited;
 * a recovery code is spent. A password past
 * PASSWORD_MAX_AGE_DAYS signs in with the temporary-password gate set.
 */
async function verifyCredentials(
  db: Db,
  input: SignInInput,
  meta: RequestMeta,
  devices: DeviceToken[],
  now: Date,
): Promise<{
  user: UserRow;
  attemptId: number;
  secondFactor: "totp" | "recovery_code" | null;
  passwordExpiredNow: boolean;
}> {
  const email = normalizeEmail(input.email);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // Only a token the server signed for this very user counts; an unknown email never has one.
  const device = user ? deviceNonceFor(devices, user.id) : null;
  const attemptId = await claimSignInAttempt(db, { email, meta, device }, now);

  const refuse = async (reason: string, userId: number | null, error = unauthorized(INVALID_CREDENTIALS)) => {
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
    return error;
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

  let secondFactor: "totp" | "recovery_code" | null = null;
  if (hasSecondFactor(user)) {
    const code = input.totp?.trim();
    if (!code) {
      await forgetSignInAttempt(db, attemptId);
      throw new ApiError(
        "unauthorized",
        messageRef("api.twoFactor.codeRequired"),
        undefined,
        {},
        TOTP_REQUIRED,
      );
    }
    const result = await db.transaction((tx) => verifySecondFactor(tx, user.id, code, now));
    if (result !== "ok")
      throw await refuse(
        "wrong second factor",
        user.id,
        new ApiError("unauthorized", messageRef("api.twoFactor.codeInvalid"), undefined, {}, TOTP_INVALID),
      );
    secondFactor = /^\d{6}$/.test(code) ? "totp" : "recovery_code";
  }

  const passwordExpiredNow = !user.mustChangePassword && passwordExpired(user.passwordChangedAt, now);
  const [updated] = await db
    .update(users)
    .set({ lastLogin: now, ...(passwordExpiredNow ? { mustChangePassword: true } : {}) })
    .where(eq(users.id, user.id))
    .returning();
  return { user: updated ?? user, attemptId, secondFactor, passwordExpiredNow };
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
  details: { secondFactor?: "totp" | "recovery_code" | null; passwordExpiredNow?: boolean } = {},
) {
  const refresh = kind === "api" ? newSecretToken() : null;
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
      reason: [
        kind === "api" ? "Signed in (API token)" : "Signed in (browser)",
        details.secondFactor === "recovery_code" ? "with a recovery code" : null,
        details.secondFactor === "totp" ? "with a TOTP code" : null,
        details.passwordExpiredNow ? "password expired: must be changed" : null,
      ]
        .filter(Boolean)
        .join("; "),
      newValues: {
        success: true,
        session_kind: kind,
        ...(details.secondFactor ? { second_factor: details.secondFactor } : {}),
        ...(details.passwordExpiredNow ? { must_change_password: true } : {}),
      },
    });
    return row!;
  });
  return { session, refreshToken: refresh?.token ?? null };
}

/** POST /api/auth/login: the tokens, and the device tokens for the answer's device cookie. */
export async function apiLogin(
  db: Db,
  input: SignInInput,
  meta: RequestMeta,
  devices: DeviceToken[],
  now: Date = authNow(),
) {
  const signedIn = await signIn(db, input, "api", meta, devices, now);
  const { user, session, refreshToken, devices: kept } = signedIn;
  return {
    tokens: await tokenResponse(user.id, session.id, refreshToken!, signedIn.secondFactorRequired),
    devices: kept,
  };
}

/** The tokens alone, for callers without a cookie jar (scripts, benchmarks). */
export async function loginForApi(db: Db, input: SignInInput, meta: RequestMeta) {
  return (await apiLogin(db, input, meta, [])).tokens;
}

async function tokenResponse(
  userId: number,
  sessionId: string,
  refreshToken: string,
  secondFactorRequired: boolean,
) {
  return {
    access_token: await signAccessToken(userId, sessionId, { secondFactorRequired }),
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
  const rotated = newSecretToken();
  const [row] = await db
    .update(authSessions)
    .set({ refreshTokenHash: rotated.hash, lastSeenAt: now })
    .where(
      and(
        eq(authSessions.refreshTokenHash, hashSecretToken(refreshToken)),
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
  return tokenResponse(user.id, row.id, rotated.token, await secondFactorRequired(db, policyActorOf(user)));
}

/** Ends the actor's session (cookie or bearer): its tokens stop working at once. */
export async function logout(db: Db, actor: Actor, meta: RequestMeta): Promise<void> {
  await auditedTransaction(db, async (tx, audit) => {
    // A personal API token has no session to end; it never reaches this call (route.ts).
    if (actor.sessionId !== null)
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
