import "server-only";
import type { Db, Queryable } from "@/db/client";
import type { Actor } from "../auth/actor";
import { poolOf, watchOf, type SessionChange, type SessionWatch } from "../auth/session-watch";
import { readStudyContext, type StudyContext } from "./study-context-queries";

const MAX_ENTRIES = 10_000;

/**
 * The study contexts (study row, the user's role there, the protocol version in force) this process
 * has read for reads outside a transaction, kept until the database says the study changed
 * (`t:<study id>` on the session watch's channel, the study_context_notify migration; decision
 * docs/decisions/0019). Used only by a request that passed the watch's barrier (`actor.heard`), so
 * a copy is as current as a read at the request's arrival: a role removed or a configuration
 * saved, by any connection, counts from the very next request.
 */
class StudyContextCache {
  private readonly entries = new Map<string, StudyContext>();
  /** Moves on every change heard: a read that raced a change is not kept. */
  private generation = 0;

  constructor(watch: SessionWatch) {
    watch.subscribe((change) => this.forget(change));
  }

  async read(db: Db, userId: number, studyId: number): Promise<StudyContext | null> {
    const key = `${userId}:${studyId}`;
    const known = this.entries.get(key);
    if (known) return known;
    const mark = this.generation;
    const context = await readStudyContext(db, userId, { study: studyId });
    // A missing study is not kept: it is the rare case, and keeping it would need its own notice.
    if (context && mark === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, context);
    }
    return context;
  }

  private forget(change: SessionChange): void {
    if (change.kind === "session") return;
    this.generation++;
    if (change.kind === "study") {
      for (const [key, context] of this.entries) if (context.studyId === change.id) this.entries.delete(key);
    } else if (change.kind === "user") {
      const prefix = `${change.id}:`;
      for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    } else this.entries.clear();
  }
}

const caches = new WeakMap<SessionWatch, StudyContextCache>();

/**
 * A study's context for `actor`: from this process's copy when the request passed the barrier and
 * `tx` is the pool's own handle (never inside a transaction, which reads its own snapshot), else
 * read (readStudyContext).
 */
export function studyContextFor(tx: Queryable, actor: Actor, studyId: number): Promise<StudyContext | null> {
  const watch = actor.heard && poolOf(tx as Db) ? watchOf(tx as Db) : null;
  if (!watch) return readStudyContext(tx, actor.userId, { study: studyId });
  let cache = caches.get(watch);
  if (!cache) {
    cache = new StudyContextCache(watch);
    caches.set(watch, cache);
  }
  return cache.read(tx as Db, actor.userId, studyId);
}
