import "server-only";
import { outsideRequest } from "./api/request-context";

/**
 * The clock and timers of work the server does in the background (denial windows, upload sweeps):
 * injectable, so tests move time themselves and never wait on the wall clock (decision 0017).
 */
export type BackgroundClock = {
  now(): number;
  /** Runs `run` once, `ms` from now; the handle is passed back to `cancel`. */
  schedule(run: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
};

export const systemClock: BackgroundClock = {
  now: () => Date.now(),
  schedule(run, ms) {
    // The timer belongs to no request, and must not keep a finished script alive: its owner is
    // stopped or flushed by closeDb.
    const timer = outsideRequest(() => setTimeout(run, ms));
    timer.unref();
    return timer;
  },
  cancel: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
