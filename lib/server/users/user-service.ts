import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { authSessions, users } from "@/db/schema";
import {
  USER_MESSAGES,
  type AdminUserCreateBody,
  type AdminUserListQuery,
  type AdminUserListResponse,
  type AdminUserResponse,
  type AdminUserUpdateBody,
  type PasswordChangeBody,
} from "@/lib/schemas/users";
import type { RegisterBody, UserResponse } from "@/lib/schemas/auth";
import { conflict, fieldError, forbidden, notFound } from "../api/errors";
import { likeContains } from "../sql-like";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { normalizeEmail, toUserResponse } from "../auth/auth-service";
import { deviceNonceFor, type DeviceToken } from "../auth/device-cookie";
import { hashPassword, verifyPassword } from "../auth/password";
import { assertAcceptablePassword } from "../auth/password-policy";
import { canCreateUserWithLevel, canManageUserAtLevel, hasPlatformPermission } from "../auth/policy";
import { auditThrottleLimits, claimSignInAttempt, markSignInSucceeded } from "../auth/sign-in-throttle";
import { auditedTransaction, type AuditRecorder } from "../audit/audit-writer";
import { assertVersion, nextVersion } from "../concurrency/versioned-update";
import { changedValues } from "../audit/changed-values";

type UserRow = typeof users.$inferSelect;

export function toAdminUserResponse(row: UserRow): AdminUserResponse {
  return {
    ...toUserResponse(row),
    must_change_password: row.mustChangePassword,
    totp_enabled: row.totpEnabledAt !== null && row.totpSecret !== null,
    password_changed_at: row.passwordChangedAt.toISOString(),
    identity_verified_at: row.identityVerifiedAt ? row.identityVerifiedAt.toISOString() : null,
    identity_verified_by: row.identityVerifiedBy,
    identity_verification_method: row.identityVerificationMethod,
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}

const who = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

export function requireUsersPermission(actor: Actor, permission: "users.read" | "users.create") {
  if (!hasPlatformPermission(actor, permission)) {
    throw forbidden(USER_MESSAGES.onlyAdminsManageUsers, { entityType: "user" });
  }
}

export async function listUsers(
  db: Db,
  actor: Actor,
  query: AdminUserListQuery,
): Promise<AdminUserListResponse> {
  requireUsersPermission(actor, "users.read");
  const conditions: SQL[] = [];
  const search = query.search?.trim();
  if (search) {
    const pattern = likeContains(search);
    conditions.push(or(ilike(users.email, pattern), ilike(users.fullName, pattern))!);
  }
  if (query.role_level) conditions.push(eq(users.roleLevel, query.role_level));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.isActive), users.fullName, users.id)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toAdminUserResponse), total: total?.value ?? 0 };
}

export async function findUser(tx: Queryable, id: number, forUpdate = false): Promise<UserRow> {
  const base = tx.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = forUpdate ? await base.for("update") : await base;
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return row;
}

export async function getUser(db: Db, actor: Actor, id: number): Promise<AdminUserResponse> {
  requireUsersPermission(actor, "users.read");
  return toAdminUserResponse(await findUser(db, id));
}

/**
 * The one user-creation service: POST /api/admin/users, and POST /api/auth/register through
 * `registerUser`. One rule, one set of messages (403 USER_MESSAGES.onlyAdminsManageUsers /
 * onlySuperadminsManageAdmins, 409 USER_MESSAGES.emailTaken), one audit row.
 */
export async function createUser(
  db: Db,
  actor: Actor,
  input: AdminUserCreateBody,
  meta: RequestMeta,
): Promise<AdminUserResponse> {
  if (!canCreateUserWithLevel(actor, input.role_level)) {
    throw forbidden(
      hasPlatformPermission(actor, "users.create")
        ? USER_MESSAGES.onlySuperadminsManageAdmins
        : USER_MESSAGES.onlyAdminsManageUsers,
      { entityType: "user" },
    );
  }
  assertAcceptablePassword(input.password);
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return auditedTransaction(db, async (tx, audit) => {
    const [created] = await tx
      .insert(users)
      // A password an administrator chose is temporary: changed at the first sign-in (decision 0033).
      .values({
        email,
        fullName: input.full_name,
        passwordHash,
        roleLevel: input.role_level,
        mustChangePassword: true,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict(USER_MESSAGES.emailTaken);
    const dto = toAdminUserResponse(created);
    audit({
      action: "create",
      entityType: "user",
      entityId: created.id,
      actor: who(actor),
      meta,
      newValues: dto,
    });
    return dto;
  });
}

/** POST /api/auth/register: `createUser`, answered with the user fields /api/auth/me shows. */
export async function registerUser(
  db: Db,
  actor: Actor,
  input: RegisterBody,
  meta: RequestMeta,
): Promise<UserResponse> {
  const created = await createUser(db, actor, input, meta);
  return {
    id: created.id,
    email: created.email,
    full_name: created.full_name,
    is_superuser: created.is_superuser,
    role_level: created.role_level,
    is_active: created.is_active,
    last_login: created.last_login,
    locale: created.locale,
  };
}

/** Other active superadmins than `exceptId`: the platform must keep at least one. */
async function otherActiveSuperadmins(tx: Queryable, exceptId: number): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.isActive, true), eq(users.roleLevel, "superadmin"), ne(users.id, exceptId)));
  return row?.value ?? 0;
}

/** Ends every session and API token of a user at once (deactivation, new temporary password). */
async function endSessions(tx: Queryable, userId: number, keepSessionId?: string) {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(authSessions.id, keepSessionId));
  const ended = await tx
    .update(authSessions)
    .set({ revokedAt: new Date(), refreshTokenHash: null })
    .where(and(...conditions))
    .returning({ id: authSessions.id });
  return ended.length;
}

export async function updateUser(
  db: Db,
  actor: Actor,
  id: number,
  input: AdminUserUpdateBody,
  meta: RequestMeta,
): Promise<AdminUserResponse> {
  requireUsersPermission(actor, "users.create");
  if (input.password !== undefined) assertAcceptablePassword(input.password);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return auditedTransaction(db, async (tx, audit) => {
    const current = await findUser(tx, id, true);
    if (input.version !== undefined) assertVersion("user", current, input.version);
    const level = input.role_level ?? current.roleLevel;
    const active = input.is_active ?? current.isActive;
    if (!canManageUserAtLevel(actor, current, level)) {
      throw forbidden(USER_MESSAGES.onlySuperadminsManageAdmins, { entityType: "user", entityId: id });
    }
    const demoted = level !== current.roleLevel;
    const deactivated = current.isActive && !active;
    if (id === actor.userId) {
      if (deactivated) throw forbidden(USER_MESSAGES.selfDeactivate, { entityType: "user", entityId: id });
      if (demoted) throw forbidden(USER_MESSAGES.selfDemote, { entityType: "user", entityId: id });
      if (passwordHash) throw forbidden(USER_MESSAGES.selfPassword, { entityType: "user", entityId: id });
    }
    await assertNotLastSuperadmin(
      tx,
      current,
      (demoted && current.roleLevel === "superadmin") || deactivated,
    );
    const [updated] = await tx
      .update(users)
      .set({
        fullName: input.full_name ?? current.fullName,
        roleLevel: level,
        isActive: active,
        ...(passwordHash ? { passwordHash, mustChangePassword: true, passwordChangedAt: new Date() } : {}),
        version: nextVersion(current),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, id), eq(users.version, current.version)))
      .returning();
    if (!updated) throw conflict(messageRef("api.users.changedElsewhere"));
    const endedSessions = deactivated || passwordHash ? await endSessions(tx, id) : 0;
    recordUserChange(audit, actor, meta, current, updated, {
      temporaryPassword: Boolean(passwordHash),
      endedSessions,
    });
    return toAdminUserResponse(updated);
  });
}

async function assertNotLastSuperadmin(tx: Queryable, current: UserRow, losing: boolean) {
  if (!losing || current.roleLevel !== "superadmin" || !current.isActive) return;
  if ((await otherActiveSuperadmins(tx, current.id)) === 0) throw conflict(USER_MESSAGES.lastSuperadmin);
}

function recordUserChange(
  audit: AuditRecorder,
  actor: Actor,
  meta: RequestMeta,
  before: UserRow,
  after: UserRow,
  extra: { temporaryPassword: boolean; endedSessions: number },
) {
  const { oldValues, newValues } = changedValues(
    { full_name: before.fullName, role_level: before.roleLevel, is_active: before.isActive },
    { full_name: after.fullName, role_level: after.roleLevel, is_active: after.isActive },
  );
  if (extra.temporaryPassword) {
    oldValues.must_change_password = before.mustChangePassword;
    newValues.must_change_password = true;
  }
  const reasons = [
    extra.temporaryPassword ? "temporary password set" : null,
    before.isActive && !after.isActive ? "deactivated" : null,
    extra.endedSessions > 0 ? `${extra.endedSessions} session(s) ended` : null,
  ].filter(Boolean);
  audit({
    action: "update",
    entityType: "user",
    entityId: after.id,
    actor: who(actor),
    meta,
    reason: reasons.length > 0 ? reasons.join("; ") : null,
    oldValues,
    newValues,
  });
}

/** DELETE /api/admin/users/{id}: deactivates (never erases) and ends the user's sessions at once. */
export async function deactivateUser(db: Db, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  await updateUser(db, actor, id, { is_active: false }, meta);
}

/**
 * POST /api/auth/password: the signed-in user changes their own password. The current one is
 * required and checked through the sign-in throttle (docs/decisions/0010): a session cannot be
 * used to guess it faster than a sign-in could, and every wrong guess is audited. Every other
 * session of the user ends; a temporary password stops being in force.
 */
export async function changeOwnPassword(
  db: Db,
  actor: Actor,
  input: PasswordChangeBody,
  meta: RequestMeta,
  devices: DeviceToken[] = [],
): Promise<{ detail: string }> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw notFound(USER_MESSAGES.notFound);
  const now = new Date();
  const device = deviceNonceFor(devices, user.id);
  const attemptId = await claimSignInAttempt(db, { email: user.email, meta, device }, now);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    await auditedTransaction(db, async (tx, audit) => {
      await auditThrottleLimits(tx, audit, {
        id: attemptId,
        email: user.email,
        userId: user.id,
        meta,
        now,
        device,
      });
      audit({
        action: "update",
        entityType: "user",
        entityId: user.id,
        actor: who(actor),
        meta,
        reason: "Password change refused: the current password was wrong",
        newValues: { success: false },
      });
    });
    throw fieldError(["body", "current_password"], USER_MESSAGES.currentPasswordWrong, "password_incorrect");
  }
  // The current password was right: the claimed attempt is a success whatever follows.
  await db.transaction((tx) => markSignInSucceeded(tx, attemptId));
  if (input.new_password === input.current_password) {
    throw fieldError(["body", "new_password"], USER_MESSAGES.samePassword, "password_unchanged");
  }
  assertAcceptablePassword(input.new_password, ["body", "new_password"]);
  const passwordHash = await hashPassword(input.new_password);
  return auditedTransaction(db, async (tx, audit) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        // The optional expiry counts from here (decision 0033).
        passwordChangedAt: new Date(),
        updatedAt: new Date(),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, actor.userId));
    const ended = await endSessions(tx, actor.userId, actor.sessionId ?? undefined);
    audit({
      action: "update",
      entityType: "user",
      entityId: actor.userId,
      actor: who(actor),
      meta,
      reason: `Password changed by the user; ${ended} other session(s) ended`,
      oldValues: { must_change_password: user.mustChangePassword },
      newValues: { must_change_password: false },
    });
    return { detail: messageRef("api.users.passwordChanged") };
  });
}
