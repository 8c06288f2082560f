import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { auditLogs, users } from "@/db/schema";
import { messageRef } from "@/lib/i18n/message-ref";
import type { IdentityVerificationBody, SignInHistoryResponse } from "@/lib/schemas/two-factor";
import { USER_MESSAGES, type AdminUserResponse } from "@/lib/schemas/users";
import { fieldError, forbidden } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { canManageUserAtLevel } from "../auth/policy";
import { auditedTransaction } from "../audit/audit-writer";
import { findUser, requireUsersPermission, toAdminUserResponse } from "./user-service";

/** The latest sign-ins shown for one user (the full record stays in the audit trail). */
export const SIGN_IN_HISTORY_LIMIT = 50;

/**
 * GET /api/admin/users/{id}/sign-ins: the user's latest sign-ins, succeeded or refused, with the
 * address they came from (decision 0033). Read from the audit trail, which keeps every sign-in
 * (the throttle's `sign_in_attempts` keeps only its window, `auth_sessions` only successes).
 */
export async function signInHistory(db: Db, actor: Actor, id: number): Promise<SignInHistoryResponse> {
  requireUsersPermission(actor, "users.read");
  await findUser(db, id);
  const rows = await db
    .select({
      at: auditLogs.timestamp,
      ip: auditLogs.ipAddress,
      reason: auditLogs.reason,
      newValues: auditLogs.newValues,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, "user"),
        eq(auditLogs.entityId, String(id)),
        eq(auditLogs.action, "login"),
      ),
    )
    .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
    .limit(SIGN_IN_HISTORY_LIMIT);
  return {
    items: rows.map((row) => ({
      at: row.at.toISOString(),
      ip_address: row.ip,
      success: row.newValues?.success === true,
      reason: row.reason,
    })),
  };
}

/**
 * POST /api/admin/users/{id}/identity-verification: an administrator records how the person's
 * identity was verified before their electronic signature is established (21 CFR 11.100(b),
 * decision 0033): who, when (the day given, else now; never in the future) and how. Audited with
 * the previous record, which it replaces.
 */
export async function verifyIdentity(
  db: Db,
  actor: Actor,
  id: number,
  input: IdentityVerificationBody,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<AdminUserResponse> {
  requireUsersPermission(actor, "users.create");
  const verifiedAt = input.verified_on ? new Date(`${input.verified_on}T00:00:00Z`) : now;
  if (verifiedAt.getTime() > now.getTime())
    throw fieldError(
      ["body", "verified_on"],
      messageRef("api.twoFactor.identityDateFuture"),
      "date_in_future",
    );
  return auditedTransaction(db, async (tx, audit) => {
    const current = await findUser(tx, id, true);
    if (!canManageUserAtLevel(actor, current, current.roleLevel))
      throw forbidden(USER_MESSAGES.onlySuperadminsManageAdmins, { entityType: "user", entityId: id });
    const [updated] = await tx
      .update(users)
      .set({
        identityVerifiedAt: verifiedAt,
        identityVerifiedBy: actor.userId,
        identityVerificationMethod: input.method,
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
    audit({
      action: "update",
      entityType: "user",
      entityId: id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      reason: "Identity verified before electronic signature",
      oldValues: {
        identity_verified_at: current.identityVerifiedAt?.toISOString() ?? null,
        identity_verified_by: current.identityVerifiedBy,
        identity_verification_method: current.identityVerificationMethod,
      },
      newValues: {
        identity_verified_at: verifiedAt.toISOString(),
        identity_verified_by: actor.userId,
        identity_verification_method: input.method,
      },
    });
    return toAdminUserResponse(updated!);
  });
}

/** For the signature service: when the user's identity was verified, or null (never). */
export async function identityVerifiedAt(tx: Queryable, userId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: users.identityVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.at ?? null;
}
