import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/** Keys derived from the one audit secret, so rows and checkpoints never share a key. */
export type AuditKey = {
  chainKey: Uint8Array;
  checkpointKey: Uint8Array;
  /** A short public fingerprint, written in checkpoints so a wrong key is named as such. */
  keyId: string;
  /** Where the secret came from, for operators (never the secret itself). */
  source: string;
};

const KEY_FILE = "audit-key";
const holder = globalThis as unknown as { __registryAuditKey?: AuditKey };

/**
 * The secret that keys the audit chain: AUDIT_HMAC_KEY when set; otherwise a random key generated
 * once into DATA_DIR/audit-key (like the auth secret). It must live outside the database: whoever
 * can rewrite audit_logs must not be able to recompute the chain.
 */
export function auditKey(): AuditKey {
  if (!holder.__registryAuditKey) {
    const { AUDIT_HMAC_KEY, DATA_DIR } = env();
    holder.__registryAuditKey = loadAuditKey({ envKey: AUDIT_HMAC_KEY, dataDir: DATA_DIR });
  }
  return holder.__registryAuditKey;
}

export function loadAuditKey({ envKey, dataDir }: { envKey?: string; dataDir: string }): AuditKey {
  if (envKey) return deriveAuditKey(envKey, "AUDIT_HMAC_KEY");
  // An in-memory database dies with the process, and so may its key.
  if (dataDir.startsWith("memory://"))
    return deriveAuditKey(randomBytes(32).toString("base64url"), "generated for this process (memory://)");
  const file = path.resolve(dataDir, KEY_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  // A damaged key file must stop the server: a fresh key would make every keyed row look forged.
  if (secret.length < 32) throw new Error(`The audit key file ${file} is damaged (under 32 characters).`);
  return deriveAuditKey(secret, file);
}

export function deriveAuditKey(secret: string, source: string): AuditKey {
  const derive = (purpose: string) => createHmac("sha256", secret).update(purpose).digest();
  return {
    chainKey: new Uint8Array(derive("audit-chain-v1")),
    checkpointKey: new Uint8Array(derive("audit-checkpoint-v1")),
    keyId: derive("audit-key-id-v1").toString("hex").slice(0, 16),
    source,
  };
}
