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

export async function totpCodeIsValid(secret: string, code: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
    });
    return result.valid;
  } catch {
    return false;
  }
}
