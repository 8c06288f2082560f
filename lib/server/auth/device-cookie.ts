import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "./secret";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; decision
 * docs/decisions/0010): a browser that has signed in successfully as a user keeps a signed token
 * naming that user. Its later sign-ins as that user are judged by the failures of that token only,
 * not by its address's or the account's, so an attacker sharing the hospital's address, or guessing
 * at the account from elsewhere, does not lock the user out.
 *
 * The cookie lists up to MAX_DEVICE_TOKENS tokens (a shared ward computer serves several users),
 * newest first, each `userId.nonce.signature`. Only the server can make one (HMAC with a key
 * derived from the auth secret); it grants nothing but a separate sign-in budget.
 */
export const DEVICE_COOKIE_NAME = "registry-device";
export const MAX_DEVICE_TOKENS = 5;
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

export type DeviceToken = { userId: number; nonce: string };

function signature(userId: number, nonce: string): Buffer {
  return createHmac("sha256", authSecret()).update(`device-cookie:${userId}:${nonce}`).digest();
}

const encode = (token: DeviceToken) =>
  `${token.userId}.${token.nonce}.${signature(token.userId, token.nonce).toString("base64url")}`;

function decode(value: string): DeviceToken | null {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const userId = Number(match[1]);
  const nonce = match[2]!;
  const given = Buffer.from(match[3]!, "base64url");
  // The 43rd character carries 4 bits: its 2 spare bits must be zero, or one signature would have
  // four spellings (a forged cookie that only touched them would pass).
  if (given.toString("base64url") !== match[3]) return null;
  const expected = signature(userId, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, nonce } : null;
}

/** The valid tokens of the request's device cookie (forged or malformed entries are ignored). */
export function deviceTokensOf(cookieHeader: string | null): DeviceToken[] {
  if (!cookieHeader) return [];
  const raw = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE_NAME}=`))
    ?.slice(DEVICE_COOKIE_NAME.length + 1);
  if (!raw) return [];
  return raw
    .split("~")
    .slice(0, MAX_DEVICE_TOKENS)
    .map(decode)
    .filter((token): token is DeviceToken => token !== null);
}

/** The nonce of this browser's token for the user, if it has one. */
export function deviceNonceFor(tokens: DeviceToken[], userId: number): string | null {
  return tokens.find((token) => token.userId === userId)?.nonce ?? null;
}

/** After a successful sign-in: the user's token first (kept, or new), the others after it. */
export function withDeviceFor(tokens: DeviceToken[], userId: number): DeviceToken[] {
  const own = tokens.find((token) => token.userId === userId) ?? {
    userId,
    nonce: randomBytes(16).toString("base64url"),
  };
  return [own, ...tokens.filter((token) => token.userId !== userId)].slice(0, MAX_DEVICE_TOKENS);
}

/** The Set-Cookie value. Sent only to the sign-in routes (path /api/auth), never read by scripts. */
export function deviceCookieHeader(tokens: DeviceToken[], secure: boolean): string {
  const parts = [
    `${DEVICE_COOKIE_NAME}=${tokens.map(encode).join("~")}`,
    "Path=/api/auth",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    "HttpOnly",
    "SameSite=Strict",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
