import "server-only";
import { and, gt, lte, max, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";

/** Filter sets remembered per database (least recently used forgotten first). */
const MAX_ENTRIES = 500;

type Entry = { throughId: number; value: unknown };
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * Aggregates (counts, counts by action or user) of an append-only trail, kept up to date instead
 * of recomputed. Audit rows are only ever appended, and in id order: every row is inserted under
 * the chain lock, which its transaction holds until commit, so once a snapshot shows the head id
 * H no row with an id ≤ H can appear later, and the triggers refuse UPDATE and DELETE. An
 * aggregate over the rows ≤ H therefore stays true: the next call adds only the rows after H (a
 * primary-key range), merged into the remembered value. Paging through a filtered trail pays for
 * the full count once, not on every page. Per process and per database; a head below the
 * remembered one (a database restored from an older backup) starts over.
 */
export async function appendOnlyAggregate<T>(
  db: Db,
  key: string,
  compute: (rows: SQL) => Promise<T>,
  merge: (remembered: T, added: T) => T,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const [headRow] = await db.select({ id: max(auditLogs.id) }).from(auditLogs);
  const head = headRow?.id ?? 0;
  const remembered = cache.get(key);
  cache.delete(key);
  let value: T;
  if (remembered && remembered.throughId === head) value = remembered.value as T;
  else if (remembered && remembered.throughId < head) {
    const added = await compute(and(gt(auditLogs.id, remembered.throughId), lte(auditLogs.id, head))!);
    value = merge(remembered.value as T, added);
  } else value = await compute(lte(auditLogs.id, head));
  cache.set(key, { throughId: head, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}

/** Adds per-key counts (statistics maps). */
export function addCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const sum = { ...a };
  for (const [k, n] of Object.entries(b)) sum[k] = (sum[k] ?? 0) + n;
  return sum;
}
