/** GET /api/studies/{id}/field-usage: per entity, how many live records hold a value per field name. */
import { z } from "zod";

export const FieldUsageResponse = z.object({
  patient: z.record(z.string(), z.number()),
  visit: z.record(z.string(), z.number()),
});
export type FieldUsageResponse = z.infer<typeof FieldUsageResponse>;
