/** Session and sign-in limits (docs/decisions/0004, 0010). One place, used everywhere. */
import { messageRef } from "@/lib/i18n/message-ref";
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** last_seen_at is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Sign-in throttling (docs/decisions/0010): failures counted in a sliding 15-minute window. A
 * browser with a device cookie for the user is limited by its own failures only; other clients per
 * client address and per (email, address) pair, and an account's unknown-device attempts are
 * slowed (never refused for longer than ACCOUNT_SLOWDOWN_MAX_MS) once guessing at it is spread
 * over many addresses. There is no account-wide lock.
 */
export const SIGN_IN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const ADDRESS_FAILURE_LIMIT = 10;
export const PAIR_FAILURE_LIMIT = 5;
export const DEVICE_FAILURE_LIMIT = 5;
/** Unknown-device failures on one account (any addresses) before its unknown devices are slowed. */
export const ACCOUNT_FREE_FAILURES = 10;
/** The wait after the account's last unknown-device failure: 15 s, 30 s, then 60 s. */
export const ACCOUNT_SLOWDOWN_BASE_MS = 15 * 1000;
export const ACCOUNT_SLOWDOWN_MAX_MS = 60 * 1000;
export const TOO_MANY_SIGN_INS = (minutes: number) => messageRef("api.auth.tooManySignIns", { minutes });

/** The same words for every refusal, so a caller cannot tell which part was wrong. */
export const INVALID_CREDENTIALS = messageRef("api.auth.invalidCredentials");
