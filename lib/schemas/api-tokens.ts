/**
 * Personal API tokens (docs/decisions/0036-personal-api-tokens.md): the bodies and answers of
 * POST/GET /api/auth/tokens and DELETE /api/auth/tokens/{id}. Pure: the account screen's form
 * resolves over the same schema as the route.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { idOf } from "./patients";

const tk = (key: string, values?: Record<string, string>) => messageRef(`api.apiTokens.${key}`, values);

export const API_TOKEN_ACCESS = ["read", "write"] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

/** Every token is shown with this start, so the bearer path tells it from a JWT without verifying. */
export const API_TOKEN_PREFIX = "crt_";

export const API_TOKEN_NAME_MAX = 100;
/** A token lives at most a year: an integration is renewed, not forgotten. */
export const API_TOKEN_MAX_DAYS = 366;

export const ApiTokenCreateBody = z.strictObject({
  name: z
    .string({ error: tk("nameRequired") })
    .trim()
    .min(1, tk("nameRequired"))
    .max(API_TOKEN_NAME_MAX, tk("nameTooLong", { max: String(API_TOKEN_NAME_MAX) })),
  /** An instant with its offset (ISO 8601), in the future and at most API_TOKEN_MAX_DAYS ahead. */
  expires_at: z.iso.datetime({ offset: true, error: tk("expiryInvalid") }),
  study_id: idOf("study_id"),
  access: z.enum(API_TOKEN_ACCESS, { error: tk("accessInvalid") }),
});
export type ApiTokenCreateBody = z.infer<typeof ApiTokenCreateBody>;

export const ApiTokenIdParams = z.object({ id: idOf("id") });

export const ApiTokenResponse = z.object({
  id: z.number(),
  name: z.string(),
  study_id: z.number(),
  study_name: z.string(),
  access: z.enum(API_TOKEN_ACCESS),
  expires_at: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiTokenResponse = z.infer<typeof ApiTokenResponse>;

export const ApiTokenCreatedResponse = ApiTokenResponse.extend({
  /** The plain token, answered once: only its SHA-256 is kept. */
  token: z.string(),
});
export type ApiTokenCreatedResponse = z.infer<typeof ApiTokenCreatedResponse>;

export const ApiTokenListResponse = z.object({ items: z.array(ApiTokenResponse) });
export type ApiTokenListResponse = z.infer<typeof ApiTokenListResponse>;

export const API_TOKEN_MESSAGES = {
  expiryPast: tk("expiryPast"),
  expiryTooFar: tk("expiryTooFar", { max: String(API_TOKEN_MAX_DAYS) }),
  writeNotInRole: tk("writeNotInRole"),
  invalid: tk("invalid"),
  routeRefused: tk("routeRefused"),
  notFound: tk("notFound"),
} as const;
