import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import type { HealthResponse } from "@/lib/schemas/health";
import { ApiError } from "../api/errors";
import { logError } from "../api/log";
import type { Finding } from "./chain-walk";

/** What this server found wrong with the audit trail, and when (docs/decisions/0018). */
export type TrailBreak = { detectedAt: string; findings: Finding[] };

const holder = globalThis as unknown as { __registryAuditTrailBreak?: TrailBreak | null };

/** The break this process detected, or null while the trail checks out. */
export function trailBreak(): TrailBreak | null {
  return holder.__registryAuditTrailBreak ?? null;
}

/**
 * Records that the trail does not check out (the checkpointer's check, or an append that found the
 * table emptied). From now on clinical writes answer 503, health says so and every admin page shows
 * a banner, until a check passes again: after an operator restored the rows, or acknowledged the
 * break and restarted the server (docs/audit-trail-recovery.md).
 */
export function reportTrailBroken(findings: Finding[]): void {
  const known = holder.__registryAuditTrailBreak;
  if (!known)
    logError(
      `AUDIT TRAIL BROKEN: ${findings.map((f) => f.message).join("; ")}. Clinical writes are refused ` +
        "until an operator acts: see docs/audit-trail-recovery.md (start with npm run audit:verify).",
    );
  holder.__registryAuditTrailBreak = { detectedAt: known?.detectedAt ?? new Date().toISOString(), findings };
}

/** A check of the trail passed: whatever was broken has been repaired or acknowledged. */
export function reportTrailIntact(): void {
  holder.__registryAuditTrailBreak = null;
}

/** What /api/health says: "degraded" while the trail is broken (no finding details: it is public). */
export function trailHealth(): HealthResponse {
  return trailBreak()
    ? { status: "degraded", audit_trail: "broken" }
    : { status: "ok", audit_trail: "intact" };
}

export const TRAIL_BROKEN_DETAIL = messageRef("api.audit.trailBroken");

/** Clinical writes fail closed while the trail is broken: a change nobody can audit is not made. */
export function requireIntactTrail(): void {
  const broken = trailBreak();
  if (!broken) return;
  const first = broken.findings[0]?.message;
  throw new ApiError(
    "service_unavailable",
    // The finding is the integrity check's own (English) words, quoted as they are.
    first ? messageRef("api.audit.trailBrokenFinding", { finding: first }) : TRAIL_BROKEN_DETAIL,
  );
}

/** An append that would start a new chain from zero on a trail that had rows. */
export class AuditTrailTruncatedError extends ApiError {
  override name = "AuditTrailTruncatedError";
  constructor() {
    super("service_unavailable", messageRef("api.audit.trailTruncated"));
  }
}
