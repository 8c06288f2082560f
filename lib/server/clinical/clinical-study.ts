import "server-only";
import type { Queryable } from "@/db/client";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { ApiError, forbidden, notFound } from "../api/errors";
import { requireIntactTrail } from "../audit/trail-integrity";
import type { Actor } from "../auth/actor";
import { studyAccess, type Permission, type StudyAccess } from "../auth/policy";
import { cachedConfig, parseAndCacheConfig } from "../studies/config-cache";
import { readStudyConfigRow, readStudyContext, type StudyContext } from "./study-context-queries";

export type ClinicalStudy = {
  id: number;
  /** The configuration version calculations and validations were run with. */
  version: number;
  config: StudyConfig;
  access: StudyAccess;
};

/**
 * The study a clinical call works in, with the actor's access: 404 when the actor cannot read the
 * study (or it does not exist), 403 when they may read but `permission` is missing. Both refusals
 * are audited by the route wrapper.
 */
export async function openClinicalStudy(
  tx: Queryable,
  actor: Actor,
  studyId: number,
  permission: Permission,
): Promise<ClinicalStudy> {
  const context = await readStudyContext(tx, actor.userId, { study: studyId });
  if (!context) throw notFound("Study not found");
  const opened = await openReadable(
    tx,
    actor,
    context,
    notFound("Study not found", { studyId, entityType: "study", entityId: studyId }),
  );
  requireClinicalPermission(opened, permission);
  return opened;
}

/** A missing permission inside a study the actor may read is told (403) and audited. */
export function requireClinicalPermission(study: ClinicalStudy, permission: Permission): void {
  if (!study.access.permissions.has(permission))
    throw forbidden("You do not have permission to change clinical data in this study", {
      studyId: study.id,
      entityType: "study",
      entityId: study.id,
    });
  // Every clinical write asks for a write permission here: while the audit trail is broken they
  // fail closed with 503 (docs/decisions/0018); reads go on.
  if (permission !== "clinical.read") requireIntactTrail();
}

/**
 * The study of a live patient or visit, opened for reading. A missing record answers
 * `recordNotFound(null)`; a study the actor cannot read answers the record's own 404
 * (`recordNotFound(studyId)`, which names the study so the refusal is audited), so a record's
 * existence is never disclosed.
 */
export async function openStudyOfRecord(
  tx: Queryable,
  actor: Actor,
  target: { patient: number } | { visit: number },
  recordNotFound: (studyId: number | null) => ApiError,
): Promise<ClinicalStudy> {
  const context = await readStudyContext(tx, actor.userId, target);
  if (!context) throw recordNotFound(null);
  return openReadable(tx, actor, context, recordNotFound(context.studyId));
}

/** The access check comes before the configuration: an outsider learns nothing of its state. */
async function openReadable(
  tx: Queryable,
  actor: Actor,
  context: StudyContext,
  refusal: ApiError,
): Promise<ClinicalStudy> {
  const access = studyAccess(actor, context.assignment);
  if (!access.permissions.has("clinical.read")) throw refusal;
  let version = context.version;
  let stored = cachedConfig(context.studyId, version);
  if (!stored) {
    const row = await readStudyConfigRow(tx, context.studyId);
    if (!row) throw refusal;
    // Read just now: if a save landed in between, its version goes with its document.
    version = row.version;
    stored = parseAndCacheConfig(row);
  }
  if (!stored.ok) throw stored.error;
  return { id: context.studyId, version, config: stored.config, access };
}
