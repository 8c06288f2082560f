/**
 * Two-factor sign-in and account controls (decision 0033): the bodies and answers of the
 * enrolment, the admin reset, the sign-in history and the identity verification. Pure: the account
 * and admin screens read the same schemas as the routes.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";

const tf = (key: string, values?: Record<string, string>) => messageRef(`api.twoFactor.${key}`, values);

export const IDENTITY_METHOD_MAX = 500;

export const TotpEnrolmentResponse = z.object({
  /** For authenticator apps: the QR code encodes it. */
  otpauth_uri: z.string(),
  /** The QR code as an SVG data URL (img src). */
  qr_code: z.string(),
  /** The secret in Base32, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type TotpEnrolmentResponse = z.infer<typeof TotpEnrolmentResponse>;

export const TotpConfirmBody = z.strictObject({
  code: z
    .string({ error: tf("codeRequired") })
    .trim()
    .regex(/^\d{6}$/, tf("codeFormat")),
});
export type TotpConfirmBody = z.infer<typeof TotpConfirmBody>;

export const TotpConfirmResponse = z.object({
  /** Shown once: only their SHA-256 is kept. */
  recovery_codes: z.array(z.string()),
});
export type TotpConfirmResponse = z.infer<typeof TotpConfirmResponse>;

export const SignInHistoryEntry = z.object({
  at: z.string(),
  ip_address: z.string().nullable(),
  success: z.boolean(),
  reason: z.string().nullable(),
});
export const SignInHistoryResponse = z.object({ items: z.array(SignInHistoryEntry) });
export type SignInHistoryResponse = z.infer<typeof SignInHistoryResponse>;

const IsoDate = /^\d{4}-\d{2}-\d{2}$/;

export const IdentityVerificationBody = z.strictObject({
  method: z
    .string({ error: tf("identityMethodRequired") })
    .trim()
    .min(1, tf("identityMethodRequired"))
    .max(IDENTITY_METHOD_MAX, tf("identityMethodTooLong", { max: String(IDENTITY_METHOD_MAX) })),
  /** The day the identity was checked (YYYY-MM-DD); absent: today. Never in the future. */
  verified_on: z
    .string()
    .regex(IsoDate, tf("identityDateInvalid"))
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), tf("identityDateInvalid"))
    .optional(),
});
export type IdentityVerificationBody = z.infer<typeof IdentityVerificationBody>;
