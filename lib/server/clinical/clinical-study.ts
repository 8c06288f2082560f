import "server-only";
import { eq } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { studies } from "@/db/schema";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { ApiError, forbidden, notFound } from "../api/errors";
import type { Actor } from "../auth/actor";
import type { Permission, StudyAccess } from "../auth/policy";
import { loadStudyAccess } from "../auth/study-access";
import { readConfig } from "../studies/stored-config";

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
  const [study] = await tx
    .select({ id: studies.id, code: studies.code, version: studies.version, config: studies.config })
    .from(studies)
    .where(eq(studies.id, studyId));
  if (!study) throw notFound("Study not found");
  const access = await loadStudyAccess(tx, actor, studyId);
  const context = { studyId, entityType: "study", entityId: studyId };
  if (!access.permissions.has("clinical.read")) throw notFound("Study not found", context);
  const opened = { id: study.id, version: study.version, config: readConfig(study), access };
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
}

/**
 * The study of a patient or visit, opened for reading: a study the actor cannot read answers the
 * record's own 404 (`recordNotFound`, audited), so a record's existence is never disclosed.
 */
export async function openStudyOfRecord(
  tx: Queryable,
  actor: Actor,
  studyId: number,
  recordNotFound: ApiError,
): Promise<ClinicalStudy> {
  try {
    return await openClinicalStudy(tx, actor, studyId, "clinical.read");
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw recordNotFound;
    throw error;
  }
}
