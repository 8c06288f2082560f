/**
 * Electronic signatures (decision 0032): the request and answer of a signature, and the rule of
 * what a signer must prove. Pure: the server decides with it, the sign dialog shows the fields it
 * asks for.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { SIGNATURE_ENTITY_TYPES } from "./signature-entities";

export const SIGNATURE_MESSAGES = {
  signRole: messageRef("api.signatures.signRole"),
  identityNotVerified: messageRef("api.signatures.identityNotVerified"),
  unknownMeaning: messageRef("api.signatures.unknownMeaning"),
  meaningRequired: messageRef("api.signatures.meaningRequired"),
  passwordRequired: messageRef("api.signatures.passwordRequired"),
  emailRequired: messageRef("api.signatures.emailRequired"),
  credentialsWrong: messageRef("api.signatures.credentialsWrong"),
  secondFactorRequired: messageRef("api.signatures.secondFactorRequired"),
  secondFactorWrong: messageRef("api.signatures.secondFactorWrong"),
  openQueries: (count: number) => messageRef("api.signatures.openQueries", { count }),
  unverified: (verified: number, required: number) =>
    messageRef("api.signatures.unverified", { verified, required }),
} as const;

/**
 * How long a signing session stays continuous without a signature (21 CFR 11.200(a)(1)(i)): after
 * this, the next signature asks for every component again.
 */
export const SIGNATURE_IDLE_LIMIT_MS = 30 * 60_000;

/** What the next signature asks for: all components (email, password, second factor) or the password. */
export type SignatureProof = "full" | "password";

/**
 * The first signature of a session proves the whole identity; later ones within the idle limit of
 * the previous signature prove the password only. A new session starts with no identification.
 */
export function requiredProof(
  session: { identifiedAt: Date | null; lastSignatureAt: Date | null },
  now: Date,
): SignatureProof {
  if (session.identifiedAt === null || session.lastSignatureAt === null) return "full";
  return now.getTime() - session.lastSignatureAt.getTime() <= SIGNATURE_IDLE_LIMIT_MS ? "password" : "full";
}

/**
 * The permission a study role signs with, if any: a principal investigator's, or a
 * sub-investigator's where the study lets them sign their group's patients. The one rule of who
 * signs, for the service and for the page that shows the Sign button.
 */
export function signingPermissionOf(
  permissions: ReadonlySet<string>,
  settings: { sub_investigators_sign?: boolean } | undefined,
): "signatures.sign" | "signatures.sign_if_allowed" | null {
  if (permissions.has("signatures.sign")) return "signatures.sign";
  if (permissions.has("signatures.sign_if_allowed") && settings?.sub_investigators_sign === true)
    return "signatures.sign_if_allowed";
  return null;
}

/** POST /api/{visits|patients}/{id}/signatures. */
/** Strict: a signature's hash, signer or instant are the server's, never a request's (11.70). */
export const SignBody = z.strictObject({
  meaning: z
    .string({ error: SIGNATURE_MESSAGES.meaningRequired })
    .trim()
    .min(1, SIGNATURE_MESSAGES.meaningRequired)
    .max(32),
  password: z
    .string({ error: SIGNATURE_MESSAGES.passwordRequired })
    .min(1, SIGNATURE_MESSAGES.passwordRequired)
    .max(1024),
  email: z.string().trim().max(254).optional(),
  totp: z.string().trim().max(64).optional(),
});
export type SignBody = z.infer<typeof SignBody>;

/** What changed a signed record, as the invalidation names it. */
export const InvalidationCause = z.object({
  entity_type: z.enum(["patient", "visit"]),
  entity_id: z.number().int(),
  fields: z.array(z.string()),
  visit_number: z.number().int().nullable(),
});
export type InvalidationCause = z.infer<typeof InvalidationCause>;

/** A signature with its manifestation (11.50) and its state. */
export const SignatureResponse = z.object({
  id: z.number().int(),
  entity_type: z.enum(SIGNATURE_ENTITY_TYPES),
  patient_id: z.number().int(),
  visit_id: z.number().int().nullable(),
  signer_id: z.number().int(),
  signer_name: z.string(),
  meaning: z.string(),
  meaning_text: z.string(),
  signed_at: z.string(),
  data_hash: z.string(),
  state: z.enum(["valid", "invalidated"]),
  invalidated_at: z.string().nullable(),
  invalidated_by: InvalidationCause.nullable(),
});
export type SignatureResponse = z.infer<typeof SignatureResponse>;

/** What the signed-in reader may do next on this record: shown by the sign dialog, decided again on POST. */
export const NextSignature = z.object({
  allowed: z.boolean(),
  // Why not, in the reader's words (a role, identity not verified, open queries, unverified fields).
  refusal: z.string().nullable(),
  proof: z.enum(["full", "password"]),
  second_factor: z.boolean(),
  meanings: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type NextSignature = z.infer<typeof NextSignature>;

export const SignatureListResponse = z.object({
  items: z.array(SignatureResponse),
  next: NextSignature,
});
export type SignatureListResponse = z.infer<typeof SignatureListResponse>;
