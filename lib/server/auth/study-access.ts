import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { userStudyRoles } from "@/db/schema";
import { forbidden, notFound } from "../api/errors";
import { requireStudyOpen } from "../studies/study-lock-guard";
import type { Actor } from "./actor";
import { isPlatformAdmin, studyAccess, type Permission, type StudyAccess } from "./policy";

/** The actor's answer for one study: the platform level plus the study role read from the database. */
export async function loadStudyAccess(tx: Queryable, actor: Actor, studyId: number): Promise<StudyAccess> {
  if (isPlatformAdmin(actor)) return studyAccess(actor, null, studyId);
  const [assignment] = await tx
    .select({ role: userStudyRoles.role, medicalGroupId: userStudyRoles.medicalGroupId })
    .from(userStudyRoles)
    .where(and(eq(userStudyRoles.userId, actor.userId), eq(userStudyRoles.studyId, studyId)))
    .limit(1);
  return studyAccess(actor, assignment ?? null, studyId);
}

/**
 * Checks one permission on a study for a change. Beyond the read, every permission is a write:
 * while the study is locked it answers 423 after the 404 and 403 below
 * (docs/decisions/0034-patient-and-study-lock.md); a read that asks for a stronger permission
 * (the team list, field usage) says so with requireStudyPermissionToRead. Failing closed, a new
 * write path is refused by the lock without knowing of it.
 */
export async function requireStudyPermission(
  tx: Queryable,
  actor: Actor,
  studyId: number,
  permission: Permission,
  notFoundDetail = messageRef("api.studies.notFound"),
): Promise<StudyAccess> {
  const access = await requireStudyPermissionToRead(tx, actor, studyId, permission, notFoundDetail);
  if (permission !== "study.read") await requireStudyOpen(tx, studyId);
  return access;
}

/**
 * Checks one permission on a study. A study the actor cannot even read answers 404 (its existence
 * is not disclosed); one they can read but not change answers 403, which is audited.
 */
export async function requireStudyPermissionToRead(
  tx: Queryable,
  actor: Actor,
  studyId: number,
  permission: Permission,
  notFoundDetail = messageRef("api.studies.notFound"),
): Promise<StudyAccess> {
  const access = await loadStudyAccess(tx, actor, studyId);
  if (!access.permissions.has("study.read")) {
    throw notFound(notFoundDetail, { studyId, entityType: "study", entityId: studyId });
  }
  if (!access.permissions.has(permission)) {
    throw forbidden(messageRef("api.common.forbidden"), {
      studyId,
      entityType: "study",
      entityId: studyId,
    });
  }
  return access;
}
