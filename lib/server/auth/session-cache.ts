import "server-only";
import type { Db } from "@/db/client";
import type { authSessions, users } from "@/db/schema";
import { watchOf, type SessionChange, type SessionWatch } from "./session-watch";

export type SessionRow = { session: typeof authSessions.$inferSelect; user: typeof users.$inferSelect };

const MAX_ENTRIES = 10_000;

/**
 * The session rows this process has read, kept until the database says they changed
 * (docs/decisions/0019). An entry is only ever a copy of a committed row: the time-based rules
 * (expiry, idle limit) are still applied to it on every request by the caller.
 */
class SessionCache {
  private readonly entries = new Map<string, SessionRow>();
  /** Moves on every change heard: a read that raced a change is not cached. */
  private generation = 0;
  readonly watch: SessionWatch;

  constructor(watch: SessionWatch) {
    this.watch = watch;
    watch.subscribe((change) => this.forget(change));
  }

  get(sessionId: string): SessionRow | undefined {
    return this.entries.get(sessionId);
  }

  mark(): number {
    return this.generation;
  }

  /** Keeps `row` unless something changed since `mark` was taken (the read may predate it). */
  set(row: SessionRow, mark: number): void {
    if (mark !== this.generation) return;
    this.entries.delete(row.session.id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(row.session.id, row);
  }

  delete(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  private forget(change: SessionChange): void {
    if (change.kind === "study") return; // a study's context: study-context-cache.ts
    this.generation++;
    if (change.kind === "all") this.entries.clear();
    else if (change.kind === "session") this.entries.delete(change.id);
    else if (change.kind === "user")
      for (const [id, row] of this.entries) if (row.user.id === change.id) this.entries.delete(id);
  }
}

const caches = new WeakMap<SessionWatch, SessionCache>();

/**
 * The cache of a database handle's pool, or null where there is nothing to gain or no LISTEN:
 * PGlite serves one process over one connection, and its sessions are read on every request.
 */
export function sessionCacheOf(db: Db): SessionCache | null {
  const watch = watchOf(db);
  if (!watch) return null;
  let cache = caches.get(watch);
  if (!cache) {
    cache = new SessionCache(watch);
    caches.set(watch, cache);
  }
  return cache;
}
