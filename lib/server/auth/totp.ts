import "server-only";
import { generateSecret, generateURI, verify } from "otplib";

/**
 * TOTP (RFC 6238) through otplib, never hand-written (decision 0033): SHA-1, 6 digits, 30-second
 * steps, what every authenticator app reads from an otpauth URI. A code of the step before or after
 * the server's is accepted too (clocks of phones drift by seconds); `now` comes from the caller so
 * that tests decide the time.
 */
const ISSUER = "Clinical Registry";
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret });

/**
 * The time step (unix seconds / 30) that `code` belongs to at `now`, or null when it is not a code
 * of the window. Only steps after `afterStep` are tried (otplib's `afterTimeStep`): a code counts
 * once (RFC 6238 §5.2), and the caller records the step it accepts (second-factor.ts).
 */
export async function totpCodeStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    // The union of otplib's TOTP and HOTP results: only a TOTP match has a time step.
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    // otplib throws on a malformed secret, and on a last step past the window (a clock set back):
    // neither is a code that may be accepted now.
    return null;
  }
}
