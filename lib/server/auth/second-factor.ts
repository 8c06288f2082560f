import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { recoveryCodes, users } from "@/db/schema";
import { unseal } from "./sealed-secret";
import { totpCodeStep } from "./totp";

/**
 * The second factor of a user (decision 0033): a TOTP code of their enrolled authenticator, or one
 * of their single-use recovery codes. The sign-in and the electronic signature ask the same
 * question here, so one rule decides what a valid second factor is.
 */
export const RECOVERY_CODE_COUNT = 10;

export type SecondFactorResult = "ok" | "invalid" | "not_enrolled";

/** Enrolment is confirmed (a secret alone is an enrolment under way). */
export function hasSecondFactor(user: { totpSecret: string | null; totpEnabledAt: Date | null }): boolean {
  return user.totpSecret !== null && user.totpEnabledAt !== null;
}

/**
 * Checks `code` against the user's second factor at `now`. A recovery code is spent (stamped
 * `used_at`) in the caller's transaction, under the row's lock, so two requests cannot both use it.
 */
export async function verifySecondFactor(
  tx: Queryable,
  userId: number,
  code: string,
  now: Date,
): Promise<SecondFactorResult> {
  const [user] = await tx
    .select({
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || !hasSecondFactor(user)) return "not_enrolled";
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const secret = unseal(user.totpSecret!);
    return secret !== null && (await acceptTotpCode(tx, userId, secret, trimmed, user.totpLastStep, now))
      ? "ok"
      : "invalid";
  }
  const [spent] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(trimmed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent ? "ok" : "invalid";
}

/**
 * Accepts a TOTP code once (RFC 6238 §5.2, decision 0033): its step must come after the last
 * accepted one (`lastStep`, as read), and is recorded by one conditional update, so of two
 * requests with the same code only the one whose update finds the older step passes, whatever
 * either read before. A replayed code is simply not accepted: callers answer it as a wrong code.
 */
export async function acceptTotpCode(
  tx: Queryable,
  userId: number,
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): Promise<boolean> {
  const step = await totpCodeStep(secret, code, now, lastStep);
  if (step === null) return false;
  const [recorded] = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return recorded !== undefined;
}

/** Ten fresh codes, `xxxxx-xxxxx` in lower-case letters and digits without look-alikes. */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // 256 is not a multiple of the alphabet's size: bytes past the last whole multiple are skipped.
    const limit = 256 - (256 % alphabet.length);
    let text = "";
    while (text.length < 10) {
      for (const byte of randomBytes(16)) {
        if (byte < limit && text.length < 10) text += alphabet[byte % alphabet.length];
      }
    }
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Only this is stored: spaces, dashes and case do not matter when the user types a code back. */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.toLowerCase().replace(/[\s-]/g, "")).digest("hex");
}
