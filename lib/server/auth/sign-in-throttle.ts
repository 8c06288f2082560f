import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { signInAttempts } from "@/db/schema";
import { rateLimited } from "../api/errors";
import type { AuditRecorder } from "../audit/audit-writer";
import type { RequestMeta } from "../api/request-meta";
import {
  ADDRESS_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
  SIGN_IN_THROTTLE_WINDOW_MS,
  TOO_MANY_SIGN_INS,
} from "./session-policy";

/**
 * Sign-in throttling, kept in PostgreSQL (`sign_in_attempts`) so every app instance sees the same
 * counts (docs/decisions/0010):
 * - per address: 10 failures in 15 minutes from one address stop all sign-ins from it (spraying);
 * - per (email, address) pair: 5 failures for one email from one address stop that pair, until a
 *   success from the pair or the window passes. Another address is not affected, so nobody can
 *   lock a user (the superadmin included) out by typing wrong passwords for them.
 * Unknown emails are counted exactly like known ones; the answer never depends on which it is.
 */
export const addressKey = (meta: RequestMeta) => meta.ip ?? "unknown";

/** Throws 429 with Retry-After when the address or the (email, address) pair is throttled. */
export async function assertSignInAllowed(db: Db, email: string, meta: RequestMeta, now: Date) {
  const ip = addressKey(meta);
  const since = new Date(now.getTime() - SIGN_IN_THROTTLE_WINDOW_MS);
  // Bounded: refused attempts are not recorded, so at most a few more than the limit are in the window.
  const rows = await db
    .select({
      email: signInAttempts.email,
      succeeded: signInAttempts.succeeded,
      at: signInAttempts.attemptedAt,
    })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ipAddress, ip), gt(signInAttempts.attemptedAt, since)))
    .orderBy(asc(signInAttempts.attemptedAt), asc(signInAttempts.id));

  const addressFailures = rows.filter((r) => !r.succeeded).map((r) => r.at);
  // A success from the pair clears the pair's earlier failures (the user typed it right at last).
  let pairFailures: Date[] = [];
  for (const row of rows) {
    if (row.email !== email) continue;
    pairFailures = row.succeeded ? [] : [...pairFailures, row.at];
  }
  const waits = [
    retryAfterMs(addressFailures, ADDRESS_FAILURE_LIMIT, now),
    retryAfterMs(pairFailures, PAIR_FAILURE_LIMIT, now),
  ].filter((ms): ms is number => ms !== null);
  if (waits.length > 0) {
    const seconds = Math.max(...waits) / 1000;
    throw rateLimited(TOO_MANY_SIGN_INS(Math.max(1, Math.ceil(seconds / 60))), seconds);
  }
}

/** How long until fewer than `limit` of these failures (oldest first) are inside the window. */
function retryAfterMs(failures: Date[], limit: number, now: Date): number | null {
  if (failures.length < limit) return null;
  const expiring = failures[failures.length - limit]!;
  return Math.max(1000, expiring.getTime() + SIGN_IN_THROTTLE_WINDOW_MS - now.getTime());
}

/**
 * Records one attempt inside the caller's audited transaction. The failure that brings an address
 * or a pair to its limit adds one `lock` audit row; the refused attempts that follow are not each
 * audited (see the decision record: aggregated, so a flood cannot grow the trail at no cost).
 */
export async function recordSignInAttempt(
  tx: Tx,
  audit: AuditRecorder,
  attempt: { email: string; userId: number | null; succeeded: boolean; meta: RequestMeta; now: Date },
) {
  const ip = addressKey(attempt.meta);
  await tx
    .insert(signInAttempts)
    .values({ ipAddress: ip, email: attempt.email, succeeded: attempt.succeeded, attemptedAt: attempt.now });
  if (attempt.succeeded) return;

  const since = new Date(attempt.now.getTime() - SIGN_IN_THROTTLE_WINDOW_MS);
  const rows = await tx
    .select({ email: signInAttempts.email, succeeded: signInAttempts.succeeded })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ipAddress, ip), gt(signInAttempts.attemptedAt, since)))
    .orderBy(asc(signInAttempts.attemptedAt), asc(signInAttempts.id));
  const addressFailures = rows.filter((r) => !r.succeeded).length;
  let pairFailures = 0;
  for (const row of rows)
    if (row.email === attempt.email) pairFailures = row.succeeded ? 0 : pairFailures + 1;

  const minutes = SIGN_IN_THROTTLE_WINDOW_MS / 60_000;
  if (addressFailures === ADDRESS_FAILURE_LIMIT) {
    audit({
      action: "lock",
      entityType: "sign_in_address",
      entityId: ip,
      actor: { userId: null, email: null },
      meta: attempt.meta,
      reason: `Sign-ins from ${ip} throttled: ${ADDRESS_FAILURE_LIMIT} failures within ${minutes} minutes`,
    });
  }
  if (pairFailures === PAIR_FAILURE_LIMIT) {
    audit({
      action: "lock",
      entityType: "user",
      entityId: attempt.userId,
      actor: { userId: null, email: attempt.email },
      meta: attempt.meta,
      reason: `Sign-ins to ${attempt.email} from ${ip} throttled: ${PAIR_FAILURE_LIMIT} failures within ${minutes} minutes`,
    });
  }
}
