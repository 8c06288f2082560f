import "server-only";
import pg from "pg";
import type { Db } from "@/db/client";
import { logError } from "../api/log";

/**
 * The channel the database notifies on every change that can alter what a request may do: a session
 * revoked, expired or deleted (`s:<uuid>`), a user changed or deleted (`u:<id>`), a study's
 * context changed — the study row, a role in it, a protocol version (`t:<study id>`) — or one of
 * these tables truncated (`*`). Triggers send it (the session_change_notify and
 * study_context_notify migrations), so every write path, another instance's and a hand repair
 * included, is seen (docs/decisions/0019).
 */
export const SESSION_CHANGES_CHANNEL = "session_changes";

export type SessionChange =
  | { kind: "session"; id: string }
  | { kind: "user"; id: number }
  | { kind: "study"; id: number }
  | { kind: "all" };

export function parseSessionChange(payload: string | undefined): SessionChange {
  if (payload?.startsWith("s:")) return { kind: "session", id: payload.slice(2) };
  const kind = payload?.startsWith("u:") ? "user" : payload?.startsWith("t:") ? "study" : null;
  const id = kind ? Number(payload!.slice(2)) : Number.NaN;
  if (kind && Number.isSafeInteger(id)) return { kind, id };
  // Anything unexpected forgets everything: a stale copy must never outlive a change.
  return { kind: "all" };
}

/**
 * A LISTEN connection of its own, and the barrier that makes a cached session as current as a read.
 *
 * `sync()` resolves after a round trip on this connection that was SENT after the call. PostgreSQL
 * signals listeners when a notifying transaction commits, before that commit is acknowledged, and a
 * listening backend sends every notification it was signalled for before its next ReadyForQuery;
 * node-postgres emits them before it resolves that query. So when `sync()` resolves, every change
 * committed before the request arrived (on any connection, by any instance) has reached `onChange`.
 * Requests that arrive together share one round trip: under load it costs far less than one query
 * per request, and an empty query costs the server no parse, plan or row.
 *
 * `sync()` answers false when the connection is not listening (starting, lost): the caller must
 * read the database instead. A lost connection forgets everything (notifications were missed) and
 * is opened again by a later call.
 */
export class SessionWatch {
  private client: pg.Client | null = null;
  private listening: Promise<boolean> | null = null;
  private current: Promise<boolean> | null = null;
  private next: Promise<boolean> | null = null;
  private readonly listeners: ((change: SessionChange) => void)[] = [];

  constructor(private readonly config: pg.ClientConfig) {}

  /** `listener` hears every change from now on, and "all" whenever notifications may have been missed. */
  subscribe(listener: (change: SessionChange) => void): void {
    this.listeners.push(listener);
  }

  private onChange(change: SessionChange): void {
    for (const listener of this.listeners) listener(change);
  }

  sync(): Promise<boolean> {
    if (this.next) return this.next;
    if (!this.current) {
      this.current = this.roundTrip();
      return this.current;
    }
    // The round trip in flight may have been sent before this request's predecessor committed.
    this.next = this.current.then(() => {
      this.next = null;
      this.current = this.roundTrip();
      return this.current;
    });
    return this.next;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.listening = null;
    await client?.end().catch(() => undefined);
  }

  private async roundTrip(): Promise<boolean> {
    try {
      if (!(await this.listen())) return false;
      await this.client!.query("");
      return true;
    } catch (error) {
      this.lost(error);
      return false;
    } finally {
      this.current = null;
    }
  }

  private listen(): Promise<boolean> {
    this.listening ??= (async () => {
      const client = new pg.Client(this.config);
      client.on("notification", (message) => {
        if (message.channel === SESSION_CHANGES_CHANNEL) this.onChange(parseSessionChange(message.payload));
      });
      client.on("error", (error) => this.lost(error));
      client.on("end", () => this.lost(null));
      try {
        await client.connect();
        await client.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      return true;
    })().catch((error: unknown) => {
      this.listening = null;
      logError("Session changes: cannot LISTEN; sessions are read on every request meanwhile", error);
      return false;
    });
    return this.listening;
  }

  private lost(error: unknown): void {
    if (!this.client) return;
    if (error) logError("Session changes: the LISTEN connection was lost; reconnecting", error);
    const client = this.client;
    this.client = null;
    this.listening = null;
    // Whatever changed meanwhile was not heard: nothing cached before may be trusted.
    this.onChange({ kind: "all" });
    client.end().catch(() => undefined);
  }
}

/**
 * The node-postgres pool under a drizzle handle; null for PGlite (one process, no LISTEN needed)
 * and for a transaction's handle (it has no `$client`): what a transaction reads must come from its
 * own snapshot, never from a copy.
 */
export function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

const watches = new WeakMap<pg.Pool, SessionWatch>();

/** The one watch of a pool (its caches share its connection and its barrier); null as for poolOf. */
export function watchOf(db: Db): SessionWatch | null {
  const pool = poolOf(db);
  if (!pool) return null;
  let watch = watches.get(pool);
  if (!watch) {
    const created = new SessionWatch(pool.options);
    watch = created;
    watches.set(pool, created);
    // The LISTEN connection goes with the pool it serves.
    const end = pool.end.bind(pool) as () => Promise<void>;
    pool.end = (() => created.close().then(end)) as typeof pool.end;
  }
  return watch;
}
