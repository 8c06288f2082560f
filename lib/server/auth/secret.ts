import "server-only";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

const holder = globalThis as unknown as { __registryAuthSecret?: string };

/**
 * NEXTAUTH_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR, so the
 * embedded default survives restarts without a fixed secret anywhere.
 */
export function authSecret(): string {
  if (holder.__registryAuthSecret) return holder.__registryAuthSecret;
  const { NEXTAUTH_SECRET, DATA_DIR } = env();
  let secret = NEXTAUTH_SECRET;
  if (!secret && DATA_DIR.startsWith("memory://")) secret = randomBytes(32).toString("base64url");
  if (!secret) {
    const file = path.resolve(DATA_DIR, "auth-secret");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    secret = fs.readFileSync(file, "utf8").trim();
  }
  holder.__registryAuthSecret = secret;
  return secret;
}

/** A key for one purpose, derived from the secret, so API tokens and cookies never share a key. */
export function derivedKey(purpose: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`${purpose}:${authSecret()}`).digest());
}
