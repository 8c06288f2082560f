import "server-only";
import { z } from "zod";
import type { auditLogs } from "@/db/schema";
import type { AuditRowContent } from "./audit-entry";

/**
 * The row that pins the rows written before the audit key existed ("legacy" rows, plain SHA-256).
 * It is the first row hashed with the key and names the last legacy row and its hash; being keyed,
 * it cannot be forged or moved without the key, and through the chain it pins the whole prefix.
 * Without it, plain-SHA-256 rows are what a recomputed chain looks like, and are named as such.
 */
const LegacyPinSchema = z.object({
  legacyThroughId: z.number().int().positive(),
  legacyLastHash: z.string().regex(/^[0-9a-f]{64}$/),
  legacyRows: z.number().int().positive(),
});

export type LegacyPin = z.infer<typeof LegacyPinSchema>;

const ACTION = "sign";
const ENTITY_TYPE = "audit_key";

export function keyIntroductionContent(pin: LegacyPin): AuditRowContent {
  return {
    userId: null,
    userEmail: null,
    action: ACTION,
    entityType: ENTITY_TYPE,
    entityId: String(pin.legacyThroughId),
    studyId: null,
    ipAddress: null,
    reason: "Audit key introduced: the rows before this one were written before it existed",
    oldValues: null,
    newValues: { ...pin },
  };
}

/** The pin a row carries, if it is a key-introduction row (its hash is checked by the caller). */
export function legacyPinOf(
  row: Pick<typeof auditLogs.$inferSelect, "action" | "entityType" | "newValues">,
): LegacyPin | null {
  if (row.action !== ACTION || row.entityType !== ENTITY_TYPE) return null;
  const parsed = LegacyPinSchema.safeParse(row.newValues);
  return parsed.success ? parsed.data : null;
}

/** Matches key-introduction rows in SQL (action, entity type). */
export const KEY_INTRODUCTION = { action: ACTION, entityType: ENTITY_TYPE } as const;
