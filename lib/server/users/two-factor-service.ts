import "server-only";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Db } from "@/db/client";
import { recoveryCodes, users } from "@/db/schema";
import { messageRef } from "@/lib/i18n/message-ref";
import type { TotpConfirmBody, TotpConfirmResponse, TotpEnrolmentResponse } from "@/lib/schemas/two-factor";
import { USER_MESSAGES } from "@/lib/schemas/users";
import { conflict, fieldError, forbidden } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { canManageUserAtLevel } from "../auth/policy";
import { seal, unseal } from "../auth/sealed-secret";
import { acceptTotpCode, hashRecoveryCode, hasSecondFactor, newRecoveryCodes } from "../auth/second-factor";
import { newTotpSecret, totpUri } from "../auth/totp";
import { authNow } from "../auth/auth-clock";
import { auditedTransaction } from "../audit/audit-writer";
import { findUser, requireUsersPermission } from "./user-service";

const who = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

/**
 * POST /api/auth/totp: the signed-in user starts enrolling a second factor (decision 0033). A new
 * secret is stored sealed, with no `totp_enabled_at` until a first code confirms it; starting again
 * replaces an enrolment under way. An enrolled user must be reset by an administrator first.
 */
export async function startTotpEnrolment(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
): Promise<TotpEnrolmentResponse> {
  const secret = newTotpSecret();
  const uri = totpUri(secret, actor.email);
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  await auditedTransaction(db, async (tx, audit) => {
    const current = await findUser(tx, actor.userId, true);
    if (hasSecondFactor(current))
      throw conflict(messageRef("api.twoFactor.alreadyEnrolled"), "totp_enrolled");
    await tx
      .update(users)
      .set({ totpSecret: seal(secret), totpEnabledAt: null, updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
    audit({
      action: "update",
      entityType: "user",
      entityId: actor.userId,
      actor: who(actor),
      meta,
      // Never the secret: only that an enrolment began.
      reason: "Two-factor enrolment started",
    });
  });
  return {
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    secret,
  };
}

/**
 * POST /api/auth/totp/confirm: a first valid code turns the enrolment on and makes ten recovery
 * codes, answered once (only their SHA-256 is kept). A wrong code changes nothing; the first code
 * counts once like any other (its step is recorded), so it cannot sign in or sign afterwards.
 */
export async function confirmTotpEnrolment(
  db: Db,
  actor: Actor,
  input: TotpConfirmBody,
  meta: RequestMeta,
  now: Date = authNow(),
): Promise<TotpConfirmResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const current = await findUser(tx, actor.userId, true);
    if (hasSecondFactor(current))
      throw conflict(messageRef("api.twoFactor.alreadyEnrolled"), "totp_enrolled");
    const secret = current.totpSecret ? unseal(current.totpSecret) : null;
    if (secret === null) throw conflict(messageRef("api.twoFactor.notStarted"), "totp_not_started");
    if (!(await acceptTotpCode(tx, actor.userId, secret, input.code, current.totpLastStep, now)))
      throw fieldError(["body", "code"], messageRef("api.twoFactor.codeInvalid"), "totp_invalid");
    const codes = newRecoveryCodes();
    await tx.update(users).set({ totpEnabledAt: now, updatedAt: now }).where(eq(users.id, actor.userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId));
    await tx
      .insert(recoveryCodes)
      .values(
        codes.map((code) => ({ userId: actor.userId, codeHash: hashRecoveryCode(code), createdAt: now })),
      );
    audit({
      action: "update",
      entityType: "user",
      entityId: actor.userId,
      actor: who(actor),
      meta,
      reason: `Two-factor sign-in enabled; ${codes.length} recovery codes issued`,
      oldValues: { totp_enabled: false },
      newValues: { totp_enabled: true },
    });
    return { recovery_codes: codes };
  });
}

/**
 * POST /api/admin/users/{id}/totp/reset: an administrator clears a user's second factor (lost
 * phone): secret, enabled flag, last accepted step and recovery codes go; the user enrols again.
 * Managed like any other change of the user (users.create, only superadmins for administrators);
 * never one's own.
 */
export async function resetSecondFactor(db: Db, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  requireUsersPermission(actor, "users.create");
  await auditedTransaction(db, async (tx, audit) => {
    const current = await findUser(tx, id, true);
    if (!canManageUserAtLevel(actor, current, current.roleLevel))
      throw forbidden(USER_MESSAGES.onlySuperadminsManageAdmins, { entityType: "user", entityId: id });
    if (id === actor.userId)
      throw forbidden(messageRef("api.twoFactor.selfReset"), { entityType: "user", entityId: id });
    await tx
      .update(users)
      // The last accepted step goes with the secret: the next enrolment starts afresh.
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    const removed = await tx
      .delete(recoveryCodes)
      .where(eq(recoveryCodes.userId, id))
      .returning({ id: recoveryCodes.id });
    audit({
      action: "update",
      entityType: "user",
      entityId: id,
      actor: who(actor),
      meta,
      reason: `Second factor reset by an administrator; ${removed.length} recovery code(s) removed`,
      oldValues: { totp_enabled: hasSecondFactor(current) },
      newValues: { totp_enabled: false },
    });
  });
}
