import { createHash, createHmac } from "node:crypto";

/** The first row's predecessor. */
export const GENESIS_HASH = "0".repeat(64);

export type HashedAuditFields = {
  timestamp: Date;
  userId: number | null;
  userEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  studyId: number | null;
  ipAddress: string | null;
  reason: string | null;
  oldValues: unknown;
  newValues: unknown;
  /** Absent or null on rows written without a personal API token (and on every row before them). */
  apiToken?: string | null;
};

/** JSON with object keys sorted at every depth, so JSONB's own key order never changes a hash. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (typeof value !== "object") return JSON.stringify(value);
  // Written as loops: every audit row is hashed over it, a bulk import's many thousands at a time.
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return `${out}]`;
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const record = value as Record<string, unknown>;
  // sort() without a comparator orders by UTF-16 code units, as `<` on strings does.
  const keys = Object.keys(record).sort();
  let out = "{";
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    out += `${out.length === 1 ? "" : ","}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}

function rowPayload(prevHash: string, row: HashedAuditFields): string {
  return canonicalJson([
    prevHash,
    row.timestamp.toISOString(),
    row.userId,
    row.userEmail,
    row.action,
    row.entityType,
    row.entityId,
    row.studyId,
    row.ipAddress,
    row.reason,
    row.oldValues ?? null,
    row.newValues ?? null,
    // Only when present: rows written before the column existed keep the payload they were hashed with.
    ...(row.apiToken ? [row.apiToken] : []),
  ]);
}

/**
 * The hash of every row written since the audit key exists: HMAC-SHA256 under a key kept outside
 * the database, so someone who can rewrite the table cannot recompute a chain that verifies.
 */
export function keyedRowHash(chainKey: Uint8Array, prevHash: string, row: HashedAuditFields): string {
  return keyedHashOf(chainKey, rowPayload(prevHash, row));
}

/**
 * Plain SHA-256 of the same payload: how rows were hashed before the audit key existed. Such
 * "legacy" rows are accepted only as the chain's prefix recorded when the key was introduced.
 */
export function legacyRowHash(prevHash: string, row: HashedAuditFields): string {
  return plainHashOf(rowPayload(prevHash, row));
}

const keyedHashOf = (chainKey: Uint8Array, payload: string) =>
  createHmac("sha256", chainKey).update(payload).digest("hex");
const plainHashOf = (payload: string) => createHash("sha256").update(payload).digest("hex");

/**
 * A walked row's keyed hash, and its plain one on demand, over one payload: a walk checks every
 * row with the key, and needs the plain hash only for legacy rows and rows that fail the key.
 */
export function rowHashes(
  chainKey: Uint8Array,
  prevHash: string,
  row: HashedAuditFields,
): { keyed: string; plain: () => string } {
  const payload = rowPayload(prevHash, row);
  return {
    keyed: keyedHashOf(chainKey, payload),
    plain: () => plainHashOf(payload),
  };
}

/**
 * Links rows into the chain after `prevHash`, in order: each row carries its predecessor's hash and
 * its own keyed hash. The one place rows are chained, for the audit writer and for the benchmark
 * fixtures that insert a trail by SQL, so a fixture's trail is the app's chain by construction.
 */
export function chainRows<R extends HashedAuditFields>(
  chainKey: Uint8Array,
  prevHash: string,
  rows: readonly R[],
): { rows: (R & { prevHash: string; hash: string })[]; head: string } {
  let head = prevHash;
  const chained = rows.map((row) => {
    const hash = keyedRowHash(chainKey, head, row);
    const linked = { ...row, prevHash: head, hash };
    head = hash;
    return linked;
  });
  return { rows: chained, head };
}
