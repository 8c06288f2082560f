import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { fieldError } from "../api/errors";
import COMMON_PASSWORDS_LIST from "./common-passwords.json";

/**
 * The one password rule (ASVS 5.0 §6.2): at least 8 characters (the spec's minimum, also in the
 * request schema), not one character repeated, and not one of the common passwords every guessing
 * tool tries first. Used by user creation, the first-admin bootstrap and (later) password change.
 *
 * The list is every password of 8 or more characters among zxcvbn 4.4.2's 30,000 most common ones
 * (11,611 entries, lower-cased; MIT, see common-passwords.LICENSE.txt).
 */
export const MIN_PASSWORD_LENGTH = 8;

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORDS_LIST);

export const PASSWORD_MESSAGES = {
  tooShort: messageRef("api.users.passwordPolicyTooShort", { min: String(MIN_PASSWORD_LENGTH) }),
  repeated: messageRef("api.users.passwordPolicyRepeated"),
  common: messageRef("api.users.passwordPolicyCommon"),
} as const;

/** Why the password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (new Set(password).size === 1) return PASSWORD_MESSAGES.repeated;
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}

/** Throws the 422 `{ loc, msg }` answer naming the field when the password is refused. */
export function assertAcceptablePassword(password: string, loc: (string | number)[] = ["body", "password"]) {
  const problem = passwordProblem(password);
  if (problem) throw fieldError(loc, problem, "password_policy");
}
