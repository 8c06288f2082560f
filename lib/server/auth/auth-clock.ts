import "server-only";

/**
 * The instant a sign-in and the confirmation of a second factor are judged at (decisions 0010,
 * 0033): the throttle's window, the password's age, the time step of a TOTP code. Injectable, so
 * tests choose the step a code belongs to and move past it without waiting on the machine's clock.
 */
let clock: () => Date = () => new Date();

export function authNow(): Date {
  return clock();
}

/** Tests only: fix the sign-in clock (`null` restores the real clock). */
export function setAuthClock(now: (() => Date) | null): void {
  clock = now ?? (() => new Date());
}
