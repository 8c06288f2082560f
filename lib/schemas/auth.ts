import { LOCALES } from "@/lib/i18n/locales";
import { messageRef } from "@/lib/i18n/message-ref";
import { z } from "zod";

// Messages are catalogue references (decision 0021); limits go in as text, read as written.
const auth = (key: string, values?: Record<string, string>) => messageRef(`api.auth.${key}`, values);

export const RoleLevelSchema = z.enum(["superadmin", "admin", "user"]);

const Email = z
  .string({ error: auth("emailRequired") })
  .trim()
  .min(1, auth("emailRequired"))
  .max(254, auth("emailTooLong", { max: "254" }))
  .pipe(z.email(auth("emailInvalid")));

export const LoginBody = z.object({
  email: Email,
  password: z
    .string({ error: auth("passwordRequired") })
    .min(1, auth("passwordRequired"))
    .max(1024, auth("passwordTooLong", { max: "1024" })),
  /**
   * The second factor of an enrolled account (decision 0033): a 6-digit TOTP code or a recovery
   * code. Without it such an account answers 401 `totp_required`; empty is absent (a form's field).
   */
  totp: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({ error: messageRef("api.twoFactor.codeInvalid") })
      .trim()
      .max(64, messageRef("api.twoFactor.codeInvalid"))
      .optional(),
  ),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RefreshBody = z.object({
  refresh_token: z
    .string({ error: auth("refreshTokenRequired") })
    .min(1, auth("refreshTokenRequired"))
    .max(512, auth("refreshTokenTooLong", { max: "512" })),
});

export const RegisterBody = z.object({
  email: Email,
  password: z
    .string({ error: auth("newPasswordRequired") })
    .min(8, auth("passwordTooShort", { min: "8" }))
    .max(1024, auth("passwordTooLong", { max: "1024" })),
  full_name: z
    .string({ error: auth("fullNameRequired") })
    .trim()
    .min(1, auth("fullNameRequired"))
    .max(200, auth("fullNameTooLong", { max: "200" })),
  role_level: RoleLevelSchema.default("user"),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const TokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
});

export const UserResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  is_superuser: z.boolean(),
  role_level: RoleLevelSchema,
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  /** The language chosen on the account page; null follows the study and the browser. */
  locale: z.enum(LOCALES).nullable(),
});
export type UserResponse = z.infer<typeof UserResponse>;

/** PUT /api/auth/me/locale: the signed-in user's own language (null: no preference). */
export const OwnLocaleBody = z.strictObject({
  locale: z.enum(LOCALES, { error: auth("localeOneOf") }).nullable(),
});
export type OwnLocaleBody = z.infer<typeof OwnLocaleBody>;

export const DetailResponse = z.object({ detail: z.string() });
