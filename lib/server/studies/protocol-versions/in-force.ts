import "server-only";
import type { Queryable } from "@/db/client";
import { todayIso } from "@/lib/schemas/protocol-versions";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import type { RequestMeta } from "../../api/request-meta";
import type { AuditRecorder } from "../../audit/audit-writer";
import {
  findActiveVersion,
  insertVersion,
  lockStudyForVersions,
  supersede,
  type ActiveVersionRef,
  type VersionRow,
} from "./version-queries";
import { FIRST_VERSION_REASON } from "@/lib/schemas/protocol-versions";
import { toVersionAudit } from "./version-response";

export type VersionAuditBase = {
  audit: AuditRecorder;
  /** Null for the system (the demo seed). */
  actor: { userId: number | null; email: string | null } | null;
  meta: RequestMeta;
};

/** A version that is in force at once (no amendment), effective today, audited as created. */
async function insertActive(
  tx: Queryable,
  studyId: number,
  config: StudyConfigDocument,
  amendmentReason: string,
  base: VersionAuditBase,
  auditReason: string | null = null,
): Promise<VersionRow> {
  const today = todayIso();
  const created = await insertVersion(tx, {
    studyId,
    versionDate: today,
    effectiveFrom: today,
    amendmentReason,
    config,
    status: "active",
    createdBy: base.actor?.userId ?? null,
  });
  base.audit({
    action: "create",
    entityType: "protocol_version",
    entityId: created.id,
    studyId,
    actor: base.actor,
    meta: base.meta,
    reason: auditReason,
    newValues: toVersionAudit(created),
  });
  return created;
}

/**
 * The version in force for the study, recorded from its live configuration if it has none yet
 * (a study leaves its design phase with its first visit or the first governed save; decision 0013).
 * The study row is locked only on that first time, so ordinary visit writes never wait on it.
 * `known`: the version in force as the caller already read it in this transaction (with the study),
 * which saves the read.
 */
export async function ensureActiveVersion(
  tx: Queryable,
  studyId: number,
  base: VersionAuditBase,
  known?: ActiveVersionRef | null,
): Promise<ActiveVersionRef> {
  const active = known ?? (await findActiveVersion(tx, studyId));
  if (active) return active;
  const study = await lockStudyForVersions(tx, studyId);
  if (!study) throw new Error(`Study ${studyId} vanished while its first version was recorded`);
  const raced = await findActiveVersion(tx, studyId);
  if (raced) return raced;
  return insertActive(tx, studyId, study.config as StudyConfigDocument, FIRST_VERSION_REASON, base);
}

/**
 * A governed direct save (no amendment): the new config becomes a new active version at once and
 * the one in force is superseded from today. The caller holds the study row's lock.
 */
export async function recordSavedConfig(
  tx: Queryable,
  studyId: number,
  config: StudyConfigDocument,
  base: VersionAuditBase,
): Promise<VersionRow> {
  const previous = await ensureActiveVersion(tx, studyId, base);
  await supersede(tx, previous.id, todayIso());
  return insertActive(
    tx,
    studyId,
    config,
    "Compatible change saved from the study editor",
    base,
    `Supersedes version ${previous.versionNumber}`,
  );
}
