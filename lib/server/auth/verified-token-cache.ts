import "server-only";

/**
 * Tokens this process has already verified, with what they said, until they expire. Checking a
 * signature (bearer JWT) or decrypting a next-auth cookie (JWE, key derived by HKDF) cost more
 * server CPU than the session lookup that follows it, and a client sends the same token on every
 * request until it is refreshed. Only the exact token string finds its entry, so a cache hit proves
 * what a verification would; the session row is still read on every request, so a logout, a
 * deactivation or a revocation still takes effect at once. Bounded: the oldest entry goes first.
 */
export class VerifiedTokenCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAtMs: number }>();

  constructor(private readonly maxEntries: number) {}

  get(token: string, nowMs = Date.now()): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a verified token's content until `expiresAtMs` (the token's own `exp`). */
  set(token: string, value: T, expiresAtMs: number, nowMs = Date.now()): void {
    if (!Number.isFinite(expiresAtMs) || expiresAtMs <= nowMs) return;
    this.entries.delete(token);
    this.entries.set(token, { value, expiresAtMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
