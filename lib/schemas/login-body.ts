/**
 * The sign-in body, in zod/mini: the login page has a JavaScript budget (docs/decisions/0020), and
 * zod/mini costs a few KB where zod's full API costs tens. The API route, next-auth and the sign-in
 * form parse with this one schema, so the browser and the server say the same words. Pure.
 */
import * as z from "zod/mini";

export const LOGIN_MESSAGES = {
  emailRequired: "Email is required",
  emailTooLong: "Email must be at most 254 characters",
  emailFormat: "Email must be a valid email address",
  passwordRequired: "Password is required",
  passwordTooLong: "Password must be at most 1024 characters",
} as const;

/** An email address as every body takes it: trimmed, present, at most 254 characters, well formed. */
export const Email = z.pipe(
  z
    .string({ error: LOGIN_MESSAGES.emailRequired })
    .check(
      z.trim(),
      z.minLength(1, LOGIN_MESSAGES.emailRequired),
      z.maxLength(254, LOGIN_MESSAGES.emailTooLong),
    ),
  z.email(LOGIN_MESSAGES.emailFormat),
);

export const LoginBody = z.object({
  email: Email,
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .check(
      z.minLength(1, LOGIN_MESSAGES.passwordRequired),
      z.maxLength(1024, LOGIN_MESSAGES.passwordTooLong),
    ),
});
export type LoginBody = z.infer<typeof LoginBody>;
