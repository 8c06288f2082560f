import "server-only";
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { signInAttempts } from "@/db/schema";
import { rateLimited } from "../api/errors";
import type { AuditRecorder } from "../audit/audit-writer";
import type { RequestMeta } from "../api/request-meta";
import {
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_SLOWDOWN_BASE_MS,
  ACCOUNT_SLOWDOWN_MAX_MS,
  ADDRESS_FAILURE_LIMIT,
  DEVICE_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
  SIGN_IN_THROTTLE_WINDOW_MS,
  TOO_MANY_SIGN_INS,
} from "./session-policy";

/**
 * Sign-in throttling, kept in PostgreSQL (`sign_in_attempts`) so every app instance sees the same
 * counts (docs/decisions/0010). The password checks of the sign-in and of a password change go
 * through it alike.
 * - A known device (a browser whose device cookie names this email's user, see device-cookie.ts):
 *   5 failures of that device in 15 minutes stop that device. Nothing else limits it, so neither
 *   an attacker behind the same address nor one guessing at the account from elsewhere locks out
 *   a user on their own browser.
 * - Any other client: per address, 10 failures in 15 minutes stop all its unknown-device
 *   sign-ins (spraying); per (email, address) pair, 5 failures stop that pair until a success from
 *   the pair or the window passes; per account, from 10 unknown-device failures from anywhere on,
 *   each further unknown-device attempt waits 15 s, 30 s, then 60 s after the last failure
 *   (guessing spread over many addresses is slowed, the account is never locked).
 * Unknown emails are counted exactly like known ones; the answer never depends on which it is.
 *
 * An attempt is claimed BEFORE its password is checked: under locks on its address and its email
 * it is counted and recorded as a failure, and only a correct password turns it into a success
 * afterwards. So a burst of parallel requests cannot all pass the check while the hashes run.
 */
export const addressKey = (meta: RequestMeta) => meta.ip ?? "unknown";

export type SignInClaim = {
  email: string;
  meta: RequestMeta;
  /** The nonce of the browser's device token for this email's user, when it has one. */
  device: string | null;
};

type AttemptRow = { id: number; email: string; succeeded: boolean; at: Date };

// Separate key spaces for the two advisory locks; always taken address first, then email.
const ADDRESS_LOCK = 1;
const EMAIL_LOCK = 2;

/**
 * Claims one password check: throws 429 with Retry-After when the claim is throttled, otherwise
 * records the attempt as a failure and returns its id.
 */
export async function claimSignInAttempt(db: Db, claim: SignInClaim, now: Date): Promise<number> {
  const ip = addressKey(claim.meta);
  return db.transaction(async (tx) => {
    // Serialises the attempts of one address and of one email (across instances: PostgreSQL's).
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK}, hashtext(${claim.email}))`);
    // Only the window is ever read: older rows go (the audit trail keeps every sign-in), so the
    // table stays as small as the recent traffic.
    await tx
      .delete(signInAttempts)
      .where(
        and(
          or(eq(signInAttempts.ipAddress, ip), eq(signInAttempts.email, claim.email)),
          lte(signInAttempts.attemptedAt, windowStart(now)),
        ),
      );
    const waitMs = claim.device
      ? await knownDeviceWait(tx, claim.device, now)
      : await unknownDeviceWait(tx, ip, claim.email, now);
    if (waitMs !== null) {
      const seconds = Math.ceil(waitMs / 1000);
      throw rateLimited(TOO_MANY_SIGN_INS(Math.max(1, Math.ceil(seconds / 60))), seconds);
    }
    const [claimed] = await tx
      .insert(signInAttempts)
      .values({ ipAddress: ip, email: claim.email, device: claim.device, succeeded: false, attemptedAt: now })
      .returning({ id: signInAttempts.id });
    return claimed!.id;
  });
}

async function knownDeviceWait(tx: Tx, device: string, now: Date): Promise<number | null> {
  return retryAfterMs(sinceLastSuccess(await deviceAttempts(tx, device, now)), DEVICE_FAILURE_LIMIT, now);
}

async function unknownDeviceWait(tx: Tx, ip: string, email: string, now: Date): Promise<number | null> {
  const { address, pair } = failureTimes(await addressAttempts(tx, ip, now), email);
  const account = await accountFailures(tx, email, now);
  const waits = [
    retryAfterMs(address, ADDRESS_FAILURE_LIMIT, now),
    retryAfterMs(pair, PAIR_FAILURE_LIMIT, now),
    accountSlowdownMs(account, now),
  ].filter((ms): ms is number => ms !== null);
  return waits.length > 0 ? Math.max(...waits) : null;
}

/** A correct password: the claimed attempt becomes a success (it clears its pair's or device's failures). */
export async function markSignInSucceeded(tx: Tx, attemptId: number) {
  await tx.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
}

/**
 * An attempt that neither succeeded nor failed: the password was right but the account's second
 * factor was not sent yet (decision 0033); the sign-in is asked again with the code.
 */
export async function forgetSignInAttempt(db: Db, attemptId: number) {
  await db.delete(signInAttempts).where(eq(signInAttempts.id, attemptId));
}

/**
 * A refused attempt (already counted when claimed). The failure that brings an address, a pair, a
 * device or an account to its limit adds one `lock` audit row; the refused attempts that follow
 * are not each audited (see the decision record: aggregated, so a flood cannot grow the trail at
 * no cost).
 */
export async function auditThrottleLimits(
  tx: Tx,
  audit: AuditRecorder,
  attempt: {
    id: number;
    email: string;
    userId: number | null;
    meta: RequestMeta;
    now: Date;
    device: string | null;
  },
) {
  const ip = addressKey(attempt.meta);
  const minutes = SIGN_IN_THROTTLE_WINDOW_MS / 60_000;
  const upToThis = (rows: AttemptRow[]) => rows.filter((row) => row.id <= attempt.id);
  const lockUser = (reason: string) =>
    audit({
      action: "lock",
      entityType: "user",
      entityId: attempt.userId,
      actor: { userId: null, email: attempt.email },
      meta: attempt.meta,
      reason,
    });
  if (attempt.device) {
    const device = sinceLastSuccess(upToThis(await deviceAttempts(tx, attempt.device, attempt.now)));
    if (device.length === DEVICE_FAILURE_LIMIT)
      lockUser(
        `Sign-ins to ${attempt.email} from one of the user's known devices (at ${ip}) throttled: ${DEVICE_FAILURE_LIMIT} failures within ${minutes} minutes`,
      );
    return;
  }
  const { address, pair } = failureTimes(upToThis(await addressAttempts(tx, ip, attempt.now)), attempt.email);
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
  if (pair.length === PAIR_FAILURE_LIMIT)
    lockUser(
      `Sign-ins to ${attempt.email} from ${ip} throttled: ${PAIR_FAILURE_LIMIT} failures within ${minutes} minutes`,
    );
  const account = (await accountFailures(tx, attempt.email, attempt.now, attempt.id)).length;
  if (account === ACCOUNT_FREE_FAILURES)
    lockUser(
      `Sign-ins to ${attempt.email} from unknown devices slowed: ${ACCOUNT_FREE_FAILURES} failures within ${minutes} minutes (known devices unaffected)`,
    );
}

const windowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_THROTTLE_WINDOW_MS);

const ATTEMPT_COLUMNS = {
  id: signInAttempts.id,
  email: signInAttempts.email,
  succeeded: signInAttempts.succeeded,
  at: signInAttempts.attemptedAt,
};

/** The address's unknown-device attempts inside the window, oldest first. */
function addressAttempts(tx: Tx, ip: string, now: Date): Promise<AttemptRow[]> {
  return tx
    .select(ATTEMPT_COLUMNS)
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.ipAddress, ip),
        isNull(signInAttempts.device),
        gt(signInAttempts.attemptedAt, windowStart(now)),
      ),
    )
    .orderBy(asc(signInAttempts.attemptedAt), asc(signInAttempts.id));
}

/** One device's attempts inside the window, oldest first. */
function deviceAttempts(tx: Tx, device: string, now: Date): Promise<AttemptRow[]> {
  return tx
    .select(ATTEMPT_COLUMNS)
    .from(signInAttempts)
    .where(and(eq(signInAttempts.device, device), gt(signInAttempts.attemptedAt, windowStart(now))))
    .orderBy(asc(signInAttempts.attemptedAt), asc(signInAttempts.id));
}

/** The account's unknown-device failures inside the window (from any address), oldest first. */
async function accountFailures(tx: Tx, email: string, now: Date, upToId?: number): Promise<Date[]> {
  const rows = await tx
    .select(ATTEMPT_COLUMNS)
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, email),
        isNull(signInAttempts.device),
        eq(signInAttempts.succeeded, false),
        gt(signInAttempts.attemptedAt, windowStart(now)),
      ),
    )
    .orderBy(asc(signInAttempts.attemptedAt), asc(signInAttempts.id));
  return rows.filter((row) => upToId === undefined || row.id <= upToId).map((row) => row.at);
}

/** The address's failures, and the pair's failures since its last success. */
function failureTimes(rows: AttemptRow[], email: string): { address: Date[]; pair: Date[] } {
  const address = rows.filter((r) => !r.succeeded).map((r) => r.at);
  return { address, pair: sinceLastSuccess(rows.filter((row) => row.email === email)) };
}

function sinceLastSuccess(rows: AttemptRow[]): Date[] {
  let failures: Date[] = [];
  for (const row of rows) failures = row.succeeded ? [] : [...failures, row.at];
  return failures;
}

/** How long until fewer than `limit` of these failures (oldest first) are inside the window. */
function retryAfterMs(failures: Date[], limit: number, now: Date): number | null {
  if (failures.length < limit) return null;
  const expiring = failures[failures.length - limit]!;
  return Math.max(1000, expiring.getTime() + SIGN_IN_THROTTLE_WINDOW_MS - now.getTime());
}

/** Past the free failures, the wait after the last one doubles per failure, up to the cap. */
function accountSlowdownMs(failures: Date[], now: Date): number | null {
  if (failures.length < ACCOUNT_FREE_FAILURES) return null;
  const delay = Math.min(
    ACCOUNT_SLOWDOWN_BASE_MS * 2 ** (failures.length - ACCOUNT_FREE_FAILURES),
    ACCOUNT_SLOWDOWN_MAX_MS,
  );
  const wait = failures.at(-1)!.getTime() + delay - now.getTime();
  return wait > 0 ? wait : null;
}
