import "server-only";
import type { Db } from "@/db/client";
import { logError } from "../api/log";
import { systemClock, type BackgroundClock } from "../background-clock";
import type { AuditEntry } from "./audit-entry";
import { recordAudit } from "./audit-writer";

/** Repeats of one denial are counted for this long after the first, then written as one row. */
export const DENIAL_WINDOW_MS = 60_000;

/** A denial as the aggregator keys and writes it: the route is part of the key. */
export type Denial = Omit<AuditEntry, "action" | "newValues" | "oldValues"> & {
  /** `METHOD /path` of the refused request (or the page); repeats are counted per actor and route. */
  route: string;
};

type Window = {
  denial: Denial;
  startedAt: number;
  /** Denials after the first, within the window: written as one row when it closes. */
  repeats: number;
  lastAt: number;
  timer: unknown;
};

type State = { db: Db; clock: BackgroundClock; windows: Map<string, Window>; writes: Set<Promise<void>> };

const holder = globalThis as unknown as { __registryDenialWindows?: WeakMap<Db, State> };
const states = () => (holder.__registryDenialWindows ??= new WeakMap());

function stateOf(db: Db): State {
  let state = states().get(db);
  if (!state) {
    state = { db, clock: systemClock, windows: new Map(), writes: new Set() };
    states().set(db, state);
  }
  return state;
}

/** Tests: the windows of `db` follow `clock` (open windows are flushed first). */
export async function useDenialClock(db: Db, clock: BackgroundClock): Promise<void> {
  await flushDenials(db);
  stateOf(db).clock = clock;
}

function keyOf(d: Denial): string {
  // The address is part of the key: an investigator needs every address a refused actor used.
  return JSON.stringify([d.actor?.userId ?? null, d.actor?.email ?? null, d.route, d.meta?.ip ?? null]);
}

/**
 * Audits a refused access (docs/decisions/0018). The first refusal of an actor on a route (from one
 * address) is written at once, with `count: 1`; the repeats within the next DENIAL_WINDOW_MS are
 * counted in memory and written as ONE row with their count when the window closes (on a timer,
 * or by `flushDenials` at closeDb). Rows already in the chain are never updated: the count is a
 * new row. A scripted loop of refusals therefore writes two rows a minute, not thousands, and no
 * refusal goes uncounted: the counts of a window's rows sum to its refusals.
 */
export async function recordDenial(db: Db, denial: Denial): Promise<void> {
  const state = stateOf(db);
  const key = keyOf(denial);
  const now = state.clock.now();
  const open = state.windows.get(key);
  if (open && now - open.startedAt < DENIAL_WINDOW_MS) {
    open.repeats++;
    open.lastAt = now;
    return;
  }
  if (open) closeWindow(state, key, open);
  const window: Window = { denial, startedAt: now, repeats: 0, lastAt: now, timer: undefined };
  window.timer = state.clock.schedule(() => {
    if (state.windows.get(key) === window) closeWindow(state, key, window);
  }, DENIAL_WINDOW_MS);
  state.windows.set(key, window);
  try {
    await writeDenial(db, denial, { count: 1, first_at: iso(now), last_at: iso(now) }, denial.reason ?? null);
  } catch (error) {
    // Not lost: counted with the repeats, written when the window closes.
    window.repeats++;
    throw error;
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function writeDenial(db: Db, d: Denial, counts: Record<string, unknown>, reason: string | null) {
  const { route: _route, ...entry } = d;
  return recordAudit(db, { ...entry, action: "access_denied", reason, newValues: counts });
}

/** Writes the window's repeats as one row (nothing when there were none). */
function closeWindow(state: State, key: string, window: Window): void {
  state.windows.delete(key);
  state.clock.cancel(window.timer);
  if (window.repeats === 0) return;
  const { denial, repeats } = window;
  const reason = `${denial.reason ?? "Access denied"} — repeated ${repeats} more time(s) within ${DENIAL_WINDOW_MS / 1000} s of the first`;
  const write = writeDenial(
    state.db,
    denial,
    { count: repeats, first_at: iso(window.startedAt), last_at: iso(window.lastAt) },
    reason,
  )
    .catch((error: unknown) =>
      // Loud: the count is named, so an operator can still tell how many refusals it stood for.
      logError(
        `Could not audit ${repeats} repeated denial(s) of ${denial.route} by user ${denial.actor?.userId ?? "?"}`,
        error,
      ),
    )
    .finally(() => state.writes.delete(write));
  state.writes.add(write);
}

/** Closes every open window of `db` and waits for its rows (closeDb, tests). */
export async function flushDenials(db: Db): Promise<void> {
  const state = states().get(db);
  if (!state) return;
  for (const [key, window] of [...state.windows]) closeWindow(state, key, window);
  await Promise.all([...state.writes]);
}
