/** Session and sign-in limits (decision 0004). One place, used everywhere. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** last_seen_at is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Sign-in throttling (docs/decisions/0010): failures counted in a sliding 15-minute window, per
 * client address and per (email, address) pair. There is no account-wide lock.
 */
export const SIGN_IN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const ADDRESS_FAILURE_LIMIT = 10;
export const PAIR_FAILURE_LIMIT = 5;
export const TOO_MANY_SIGN_INS = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;

/** The same words for every refusal, so a caller cannot tell which part was wrong. */
export const INVALID_CREDENTIALS = "Invalid credentials";
