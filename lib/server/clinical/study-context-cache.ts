import "server-only";
import type { Db, Queryable } from "@/db/client";
import type { Actor } from "../auth/actor";
import { poolOf, watchOf, type SessionChange, type SessionWatch } from "../auth/session-watch";
import { readStudyContext, type StudyContext, type StudyTarget } from "./study-context-queries";

const MAX_ENTRIES = 10_000;
const MAX_RECORDS = 50_000;

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
  /**
   * The study of each patient and visit seen ("p:<id>", "v:<id>"). Never dropped on a notice: a
   * record does not move between studies, and a wrong entry could only make the record's lookup
   * in that study fail, which sends the caller back to the database (clinical-study.ts).
   */
  readonly studyOfRecord = new Map<string, number>();
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
 * The copies `actor`'s request may use: only when it passed the barrier and `tx` is the pool's own
 * handle (never inside a transaction, which reads its own snapshot).
 */
function cacheFor(tx: Queryable, actor: Actor): StudyContextCache | null {
  const watch = actor.heard && poolOf(tx as Db) ? watchOf(tx as Db) : null;
  if (!watch) return null;
  let cache = caches.get(watch);
  if (!cache) {
    cache = new StudyContextCache(watch);
    caches.set(watch, cache);
  }
  return cache;
}

/** A study's context for `actor`: the watched copy where the request may use it, else read. */
export function studyContextFor(tx: Queryable, actor: Actor, studyId: number): Promise<StudyContext | null> {
  const cache = cacheFor(tx, actor);
  return cache
    ? cache.read(tx as Db, actor.userId, studyId)
    : readStudyContext(tx, actor.userId, { study: studyId });
}

const recordKey = (target: Exclude<StudyTarget, { study: number }>) =>
  "patient" in target ? `p:${target.patient}` : `v:${target.visit}`;

/**
 * The context of the study a patient or visit was last seen in, when the request may use copies
 * and the record was seen; null otherwise. Only a hint: the caller still finds the record in it.
 */
export async function knownRecordContext(
  tx: Queryable,
  actor: Actor,
  target: Exclude<StudyTarget, { study: number }>,
): Promise<StudyContext | null> {
  const cache = cacheFor(tx, actor);
  const studyId = cache?.studyOfRecord.get(recordKey(target));
  return studyId === undefined ? null : cache!.read(tx as Db, actor.userId, studyId);
}

/** Notes the study a patient or visit was found in, for knownRecordContext. */
export function rememberRecordStudy(
  tx: Queryable,
  actor: Actor,
  target: Exclude<StudyTarget, { study: number }>,
  studyId: number,
): void {
  const records = cacheFor(tx, actor)?.studyOfRecord;
  if (!records) return;
  if (records.size >= MAX_RECORDS) records.delete(records.keys().next().value!);
  records.set(recordKey(target), studyId);
}
