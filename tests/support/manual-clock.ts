import type { BackgroundClock } from "@/lib/server/background-clock";

/** A background clock whose timers run only when the test fires them (decision 0017). */
export function manualClock(start: number) {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  let time = start;
  const clock: BackgroundClock = {
    now: () => time,
    schedule(run, ms) {
      pending.set(++next, { run, ms });
      return next;
    },
    cancel: (handle) => void pending.delete(handle as number),
  };
  return {
    clock,
    pending,
    /** Moves the time to the due timers and runs them. */
    fire() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, timer] of due) {
        time += timer.ms;
        timer.run();
      }
    },
  };
}
