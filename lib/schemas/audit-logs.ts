/** Audit-log read contracts (spec §7 GET /admin/audit-logs/entity/{type}/{id}). Pure. */
import { z } from "zod";
import { idOf, MAX_DB_INT } from "./patients";

/** Entity types whose trail can be read so far; a patient's trail includes its visits' rows. */
export const AUDIT_TRAIL_ENTITY_TYPES = ["patient"] as const;

export const AUDIT_TRAIL_LIMITS = { defaultLimit: 100, maxLimit: 500 } as const;

export const EntityTrailParams = z.object({
  type: z.enum(AUDIT_TRAIL_ENTITY_TYPES, {
    error: `entity type must be one of: ${AUDIT_TRAIL_ENTITY_TYPES.join(", ")}`,
  }),
  id: idOf("Entity id"),
});
export type EntityTrailParams = z.infer<typeof EntityTrailParams>;

export const EntityTrailQuery = z.object({
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(AUDIT_TRAIL_LIMITS.maxLimit, `limit must be at most ${AUDIT_TRAIL_LIMITS.maxLimit}`)
    .default(AUDIT_TRAIL_LIMITS.defaultLimit),
  offset: z.coerce
    .number()
    .int("offset must be a whole number")
    .min(0, "offset must be at least 0")
    .max(MAX_DB_INT)
    .default(0),
});
export type EntityTrailQuery = z.infer<typeof EntityTrailQuery>;

export const AuditLogEntry = z.object({
  id: z.number(),
  timestamp: z.string(),
  user_id: z.number().nullable(),
  user_email: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  study_id: z.number().nullable(),
  ip_address: z.string().nullable(),
  reason: z.string().nullable(),
  old_values: z.record(z.string(), z.unknown()).nullable(),
  new_values: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** Newest first; `total` counts every row of the trail, `items` is one page of it. */
export const EntityTrailResponse = z.object({
  items: z.array(AuditLogEntry),
  total: z.number(),
});
export type EntityTrailResponse = z.infer<typeof EntityTrailResponse>;
