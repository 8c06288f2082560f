import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "./secret";

/**
 * Secrets the server must read back (the TOTP shared secret) are stored sealed, never in clear
 * (decision 0033): AES-256-GCM under a key derived from the app's secret for this purpose only, a
 * random 96-bit nonce per seal, and the tag that refuses any altered or foreign value. The stored
 * text is `v1.<nonce>.<ciphertext>.<tag>` in base64url, so a later key or cipher can be told apart.
 */
const VERSION = "v1";
const key = () => Buffer.from(derivedKey("sealed-secret:v1"));

export function seal(plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, nonce, body, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The sealed text's plain value, or null when it was not sealed with this server's key. */
export function unseal(sealed: string): string | null {
  const [version, nonce, body, tag, ...rest] = sealed.split(".");
  if (version !== VERSION || !nonce || body === undefined || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(nonce, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
