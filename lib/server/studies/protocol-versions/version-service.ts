import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import type { Db, Queryable } from "@/db/client";
import { compatibilityReport, diffConfigs } from "@/lib/forms/config-compatibility";
import {
  PROTOCOL_VERSION_MESSAGES,
  todayIso,
  type CompatibilityResult,
  type ProtocolVersionApproveBody,
  type ProtocolVersionCreateBody,
  type ProtocolVersionListResponse,
  type ProtocolVersionResponse,
} from "@/lib/schemas/protocol-versions";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { conflict, notFound } from "../../api/errors";
import type { RequestMeta } from "../../api/request-meta";
import type { Actor } from "../../auth/actor";
import { requireStudyPermission, requireStudyPermissionToRead } from "../../auth/study-access";
import { auditedTransaction } from "../../audit/audit-writer";
import { countAffected, versionUsage } from "../../clinical/compatibility-queries";
import { readConfig } from "../stored-config";
import { findStudyById } from "../study-queries";
import {
  decideDraft,
  findActiveVersion,
  findVersion,
  insertVersion,
  listVersionRows,
  lockStudyForVersions,
  supersede,
  writeLiveConfig,
} from "./version-queries";
import { toVersionAudit, toVersionResponse } from "./version-response";

const actorOf = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

/** The study exists and the actor may do `permission` on it (404 before 403, as elsewhere). */
async function openStudy(
  tx: Queryable,
  actor: Actor,
  studyId: number,
  permission: "study.read" | "study.configure",
  use: "read" | "write" = "write",
) {
  const study = await findStudyById(tx, studyId);
  if (!study) throw notFound(messageRef("api.studies.notFound"));
  // A write is refused while the study is locked (decision 0034); a compatibility check is not one.
  if (use === "read") await requireStudyPermissionToRead(tx, actor, studyId, permission);
  else await requireStudyPermission(tx, actor, studyId, permission);
  return study;
}

export async function listProtocolVersions(
  db: Db,
  actor: Actor,
  studyId: number,
): Promise<ProtocolVersionListResponse> {
  await openStudy(db, actor, studyId, "study.read");
  const [rows, usage] = await Promise.all([listVersionRows(db, studyId), versionUsage(db, studyId)]);
  return {
    versions: rows.map((row) => toVersionResponse(row, usage.get(row.id))),
    active_version_id: rows.find((row) => row.status === "active")?.id ?? null,
  };
}

/** A new amendment: a draft numbered latest + 1, holding the submitted editor config. */
export async function createProtocolVersion(
  db: Db,
  actor: Actor,
  studyId: number,
  body: ProtocolVersionCreateBody,
  meta: RequestMeta,
): Promise<ProtocolVersionResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    await openStudy(tx, actor, studyId, "study.configure");
    await lockStudyForVersions(tx, studyId);
    const row = await insertVersion(tx, {
      studyId,
      versionLabel: body.version_label,
      versionDate: body.version_date ?? todayIso(),
      effectiveFrom: body.effective_from,
      amendmentReason: body.amendment_reason,
      config: body.config,
      status: "draft",
      createdBy: actor.userId,
    });
    audit({
      action: "create",
      entityType: "protocol_version",
      entityId: row.id,
      studyId,
      actor: actorOf(actor),
      meta,
      newValues: { ...toVersionAudit(row), config: body.config },
    });
    return toVersionResponse(row);
  });
}

/**
 * Approve or reject a draft. Approval, in one transaction: the version in force is superseded
 * (effective_to = the new version's effective_from), the draft becomes active, and its config
 * becomes the study's live config. Any failure leaves all three as they were.
 */
export async function decideProtocolVersion(
  db: Db,
  actor: Actor,
  studyId: number,
  versionId: number,
  body: ProtocolVersionApproveBody,
  meta: RequestMeta,
): Promise<ProtocolVersionResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    await openStudy(tx, actor, studyId, "study.configure");
    await lockStudyForVersions(tx, studyId);
    const version = await findVersion(tx, studyId, versionId, true);
    if (!version) throw notFound(PROTOCOL_VERSION_MESSAGES.versionNotFound);
    if (version.status !== "draft") throw conflict(PROTOCOL_VERSION_MESSAGES.onlyDrafts(version.status));
    const base = {
      entityType: "protocol_version",
      entityId: versionId,
      studyId,
      actor: actorOf(actor),
      meta,
    };
    if (!body.approved) {
      const reason = body.rejection_reason!;
      const rejected = await decideDraft(tx, versionId, { approved: false, reason });
      audit({
        action: "reject",
        ...base,
        reason,
        oldValues: toVersionAudit(version),
        newValues: toVersionAudit(rejected),
      });
      return toVersionResponse(rejected);
    }
    const previous = await findActiveVersion(tx, studyId);
    if (previous) await supersede(tx, previous.id, version.effectiveFrom);
    const approved = await decideDraft(tx, versionId, { approved: true, by: actor.userId });
    await writeLiveConfig(tx, studyId, StudyConfigSchema.parse(approved.config));
    audit({
      action: "approve",
      ...base,
      reason: previous ? `Supersedes version ${previous.versionNumber}` : null,
      oldValues: toVersionAudit(version),
      newValues: toVersionAudit(approved),
    });
    return toVersionResponse(approved);
  });
}

/** What replacing the live config by `next` would do to the data already stored. */
export async function compatibilityWithLive(
  tx: Queryable,
  studyId: number,
  live: StudyConfigDocument,
  next: StudyConfigDocument,
): Promise<CompatibilityResult> {
  const changes = diffConfigs(live, next);
  const { counts, total } = await countAffected(tx, studyId, changes);
  return compatibilityReport(changes, counts, total);
}

export async function checkVersionCompatibility(
  db: Db,
  actor: Actor,
  studyId: number,
  versionId: number,
): Promise<CompatibilityResult> {
  const study = await openStudy(db, actor, studyId, "study.configure", "read");
  const version = await findVersion(db, studyId, versionId);
  if (!version) throw notFound(PROTOCOL_VERSION_MESSAGES.versionNotFound);
  return compatibilityWithLive(db, studyId, readConfig(study), StudyConfigSchema.parse(version.config));
}
