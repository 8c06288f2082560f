import "server-only";

/**
 * The instant a signature's re-authentication rule is judged at (decision 0032: the idle limit of
 * a signing session). Injectable, so tests walk past the idle limit without waiting and never
 * depend on the machine's clock.
 */
let clock: () => Date = () => new Date();

export function signingNow(): Date {
  return clock();
}

/** Tests only: fix the signing clock (`null` restores the real clock). */
export function setSigningClock(now: (() => Date) | null): void {
  clock = now ?? (() => new Date());
}
