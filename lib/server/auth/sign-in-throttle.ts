import "server-only";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
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
 *
 * An attempt is claimed BEFORE its password is checked: under a per-address lock it is counted
 * and recorded as a failure, and only a correct password turns it into a success afterwards. So a
 * burst of parallel requests cannot all pass the check while the slow password hashes run.
 */
export const addressKey = (meta: RequestMeta) => meta.ip ?? "unknown";

type AttemptRow = { id: number; email: string; succeeded: boolean; at: Date };

/**
 * Claims one sign-in attempt: throws 429 with Retry-After when the address or the (email, address)
 * pair is throttled, otherwise records the attempt as a failure and returns its id.
 */
export async function claimSignInAttempt(
  db: Db,
  email: string,
  meta: RequestMeta,
  now: Date,
): Promise<number> {
  const ip = addressKey(meta);
  return db.transaction(async (tx) => {
    // Serialises the attempts of one address (across instances: the lock lives in PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${ip}`}))`);
    // Only the window is ever read: the address's older rows go (the audit trail keeps every
    // sign-in), so the table stays as small as the recent traffic.
    await tx
      .delete(signInAttempts)
      .where(
        and(
          eq(signInAttempts.ipAddress, ip),
          lte(signInAttempts.attemptedAt, new Date(now.getTime() - SIGN_IN_THROTTLE_WINDOW_MS)),
        ),
      );
    const rows = await recentAttempts(tx, ip, now);
    const { address, pair } = failureTimes(rows, email);
    const waits = [
      retryAfterMs(address, ADDRESS_FAILURE_LIMIT, now),
      retryAfterMs(pair, PAIR_FAILURE_LIMIT, now),
    ].filter((ms): ms is number => ms !== null);
    if (waits.length > 0) {
      const seconds = Math.max(...waits) / 1000;
      throw rateLimited(TOO_MANY_SIGN_INS(Math.max(1, Math.ceil(seconds / 60))), seconds);
    }
    const [claimed] = await tx
      .insert(signInAttempts)
      .values({ ipAddress: ip, email, succeeded: false, attemptedAt: now })
      .returning({ id: signInAttempts.id });
    return claimed!.id;
  });
}

/** A correct password: the claimed attempt becomes a success (it clears its pair's failures). */
export async function markSignInSucceeded(tx: Tx, attemptId: number) {
  await tx.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
}

/**
 * A refused attempt (already counted when claimed). The failure that brings an address or a pair
 * to its limit adds one `lock` audit row; the refused attempts that follow are not each audited
 * (see the decision record: aggregated, so a flood cannot grow the trail at no cost).
 */
export async function auditThrottleLimits(
  tx: Tx,
  audit: AuditRecorder,
  attempt: { id: number; email: string; userId: number | null; meta: RequestMeta; now: Date },
) {
  const ip = addressKey(attempt.meta);
  const rows = (await recentAttempts(tx, ip, attempt.now)).filter((row) => row.id <= attempt.id);
  const { address, pair } = failureTimes(rows, attempt.email);
  const minutes = SIGN_IN_THROTTLE_WINDOW_MS / 60_000;
  if (address.length === ADDRESS_FAILURE_LIMIT) {
    audit({
      action: "lock",
      entityType: "sign_in_address",
      entityId: ip,
      actor: { userId: null, email: null },
      meta: attempt.meta,
      reason: `Sign-ins from ${ip} throttled: ${ADDRESS_FAILURE_LIMIT} failures within ${minutes} minutes`,
    });
  }
  if (pair.length === PAIR_FAILURE_LIMIT) {
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

/** The address's attempts inside the window, oldest first. Bounded: refused attempts are not recorded. */
function recentAttempts(tx: Tx, ip: string, now: Date): Promise<AttemptRow[]> {
  const since = new Date(now.getTime() - SIGN_IN_THROTTLE_WINDOW_MS);
  return tx
    .select({
      id: signInAttempts.id,
      email: signInAttempts.email,
      succeeded: signInAttempts.succeeded,
      at: signInAttempts.attemptedAt,
    })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ipAddress, ip), gt(signInAttempts.attemptedAt, since)))
    .orderBy(asc(signInAttempts.attemptedAt), asc(signInAttempts.id));
}

/** The address's failures, and the pair's failures since its last success. */
function failureTimes(rows: AttemptRow[], email: string): { address: Date[]; pair: Date[] } {
  const address = rows.filter((r) => !r.succeeded).map((r) => r.at);
  let pair: Date[] = [];
  for (const row of rows) {
    if (row.email !== email) continue;
    pair = row.succeeded ? [] : [...pair, row.at];
  }
  return { address, pair };
}

/** How long until fewer than `limit` of these failures (oldest first) are inside the window. */
function retryAfterMs(failures: Date[], limit: number, now: Date): number | null {
  if (failures.length < limit) return null;
  const expiring = failures[failures.length - limit]!;
  return Math.max(1000, expiring.getTime() + SIGN_IN_THROTTLE_WINDOW_MS - now.getTime());
}
