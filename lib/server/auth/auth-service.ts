import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { authSessions, users, type SessionKind } from "@/db/schema";
import type { RegisterBody, UserResponse } from "@/lib/schemas/auth";
import { conflict, forbidden, unauthorized } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import { auditedTransaction, recordAudit } from "../audit/audit-writer";
import type { Actor } from "./actor";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { canCreateUserWithLevel } from "./policy";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  INVALID_CREDENTIALS,
  LOCKOUT_DURATION_MS,
  LOCKOUT_THRESHOLD,
  LOCKOUT_WINDOW_MS,
  SESSION_ABSOLUTE_LIFETIME_MS,
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
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Checks a sign-in. Every refusal (unknown email, wrong password, locked, deactivated) answers the
 * same generic 401 and leaves an audit row saying why; five failures inside 15 minutes lock the
 * account for 15 minutes.
 */
export async function verifyCredentials(
  db: Db,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const now = new Date();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);

  const refuse = async (reason: string, userId: number | null) => {
    await recordAudit(db, {
      action: "login",
      entityType: "user",
      entityId: userId,
      actor: { userId, email },
      meta,
      reason: `Sign-in failed: ${reason}`,
      newValues: { success: false },
    });
    return unauthorized(INVALID_CREDENTIALS);
  };

  if (!user) {
    await burnPasswordCheck(input.password);
    throw await refuse("unknown email", null);
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    await burnPasswordCheck(input.password);
    throw await refuse("account locked", user.id);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(db, user.id, email, now, meta);
    throw await refuse("wrong password", user.id);
  }
  if (!user.isActive) throw await refuse("account deactivated", user.id);

  const [updated] = await db
    .update(users)
    .set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null, lastLogin: now })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

async function recordFailure(db: Db, userId: number, email: string, now: Date, meta: RequestMeta) {
  await auditedTransaction(db, async (tx, audit) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!row) return;
    const windowOpen =
      row.failedLoginWindowStart !== null &&
      now.getTime() - row.failedLoginWindowStart.getTime() < LOCKOUT_WINDOW_MS;
    const count = windowOpen ? row.failedLoginCount + 1 : 1;
    const lock = count >= LOCKOUT_THRESHOLD;
    await tx
      .update(users)
      .set({
        failedLoginCount: lock ? 0 : count,
        failedLoginWindowStart: lock ? null : windowOpen ? row.failedLoginWindowStart : now,
        lockedUntil: lock ? new Date(now.getTime() + LOCKOUT_DURATION_MS) : row.lockedUntil,
      })
      .where(eq(users.id, userId));
    if (lock) {
      audit({
        action: "lock",
        entityType: "user",
        entityId: userId,
        actor: { userId: null, email: null },
        meta,
        reason: `Account locked for 15 minutes after ${LOCKOUT_THRESHOLD} failed sign-ins (${email})`,
        newValues: { locked_until: new Date(now.getTime() + LOCKOUT_DURATION_MS).toISOString() },
      });
    }
  });
}

/** Opens a session row (browser or API) and audits the successful sign-in with it. */
export async function openSession(db: Db, user: UserRow, kind: SessionKind, meta: RequestMeta) {
  const refresh = kind === "api" ? newRefreshToken() : null;
  const session = await auditedTransaction(db, async (tx, audit) => {
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

export async function loginForApi(db: Db, input: { email: string; password: string }, meta: RequestMeta) {
  const user = await verifyCredentials(db, input, meta);
  const { session, refreshToken } = await openSession(db, user, "api", meta);
  return tokenResponse(user.id, session.id, refreshToken!);
}

async function tokenResponse(userId: number, sessionId: string, refreshToken: string) {
  return {
    access_token: await signAccessToken(userId, sessionId),
    refresh_token: refreshToken,
    token_type: "bearer" as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

/** Rotates the refresh token of a live API session; the old one stops working. */
export async function refreshApiSession(db: Db, refreshToken: string) {
  const now = new Date();
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
      ),
    )
    .returning();
  if (!row) throw unauthorized("Invalid or expired refresh token");
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user?.isActive) throw unauthorized("Invalid or expired refresh token");
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

/** POST /api/auth/register: platform admins create users; only superusers create admins. */
export async function registerUser(db: Db, actor: Actor, input: RegisterBody, meta: RequestMeta) {
  if (!canCreateUserWithLevel(actor, input.role_level)) {
    throw forbidden(
      input.role_level === "user"
        ? "Only platform administrators can register users"
        : "Only superadmins can create administrators",
    );
  }
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return auditedTransaction(db, async (tx, audit) => {
    const [created] = await tx
      .insert(users)
      .values({ email, fullName: input.full_name, passwordHash, roleLevel: input.role_level })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict("A user with this email already exists");
    const dto = toUserResponse(created);
    audit({
      action: "create",
      entityType: "user",
      entityId: created.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      newValues: dto,
    });
    return dto;
  });
}

export async function currentUser(db: Db, actor: Actor): Promise<UserResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw unauthorized();
  return toUserResponse(user);
}
