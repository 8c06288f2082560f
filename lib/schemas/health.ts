import { z } from "zod";

/**
 * `GET /api/health`: the server answers; "degraded" while this server found the audit trail broken
 * (clinical writes then answer 503 until an operator acts: docs/audit-trail-recovery.md).
 */
export const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  audit_trail: z.enum(["intact", "broken"]),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
