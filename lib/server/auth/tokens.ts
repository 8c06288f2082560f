import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { ACCESS_TOKEN_TTL_SECONDS } from "./session-policy";
import { derivedKey } from "./secret";

const ISSUER = "clinical-registry";
const AUDIENCE = "clinical-registry-api";
const key = () => derivedKey("api-access-token");

/**
 * `tfa`: a second factor is required of this user (decision 0033), decided at sign-in; until they
 * have enrolled one, the session may only reach the enrolment (lib/server/api/route.ts).
 */
export async function signAccessToken(
  userId: number,
  sessionId: string,
  claims: { secondFactorRequired?: boolean } = {},
): Promise<string> {
  return new SignJWT({ sid: sessionId, ...(claims.secondFactorRequired ? { tfa: true } : {}) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The token's user, session and expiry (ms), or null when it is forged, expired or malformed. */
export async function readAccessToken(token: string): Promise<{
  userId: number;
  sessionId: string;
  expiresAtMs: number;
  secondFactorRequired: boolean;
} | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== "string" || typeof payload.exp !== "number")
      return null;
    return {
      userId,
      sessionId: payload.sid,
      expiresAtMs: payload.exp * 1000,
      secondFactorRequired: payload.tfa === true,
    };
  } catch {
    return null;
  }
}

/**
 * A 256-bit random secret (a refresh token, a personal API token after its `prefix`) and the
 * SHA-256 that is all the database keeps of it: the secret has full entropy, so a plain hash is
 * enough and a lookup by it is one indexed read.
 */
export function newSecretToken(prefix = ""): { token: string; hash: string } {
  const token = `${prefix}${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
