import "server-only";
import type { ProtocolVersionResponse } from "@/lib/schemas/protocol-versions";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import type { VersionRow } from "./version-queries";

export type VersionUsage = { patients: number; visits: number };

/** Stored snapshots are parsed on the way out, so an old document reaches clients migrated. */
export function toVersionResponse(row: VersionRow, usage?: VersionUsage): ProtocolVersionResponse {
  return {
    id: row.id,
    study_id: row.studyId,
    version_number: row.versionNumber,
    version_label: row.versionLabel,
    version_date: row.versionDate,
    effective_from: row.effectiveFrom,
    effective_to: row.effectiveTo,
    amendment_reason: row.amendmentReason,
    config: StudyConfigSchema.parse(row.config),
    status: row.status,
    is_active: row.isActive,
    rejection_reason: row.rejectionReason,
    approved_by: row.approvedBy,
    approved_at: row.approvedAt?.toISOString() ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    patient_count: usage?.patients ?? 0,
    visit_count: usage?.visits ?? 0,
  };
}

/** The audit keeps what identifies the version and its decision; the config is kept by the row itself. */
export function toVersionAudit(row: VersionRow): Record<string, unknown> {
  return {
    version_number: row.versionNumber,
    status: row.status,
    effective_from: row.effectiveFrom,
    effective_to: row.effectiveTo,
    amendment_reason: row.amendmentReason,
    rejection_reason: row.rejectionReason,
  };
}
