import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { prepared } from "@/db/prepared";
import { patients, protocolVersions, studies, userStudyRoles, visits } from "@/db/schema";
import type { StudyAssignment } from "../auth/policy";

/** What a clinical call opens: a study by id, or the study of a live patient or visit. */
export type StudyTarget = { study: number } | { patient: number } | { visit: number };

export type StudyContext = {
  studyId: number;
  code: string;
  version: number;
  /** The actor's role in the study, if any (platform admins need none). */
  assignment: StudyAssignment | null;
  /**
   * The protocol version in force, read in the same snapshot as `version` (null before the study
   * has one): a visit write records it without a read of its own.
   */
  activeVersion: { id: number; versionNumber: number } | null;
  /**
   * Since when the study is locked (docs/decisions/0034-patient-and-study-lock.md), null while open.
   * A lock or unlock updates the study row, whose notice drops the watched copies.
   */
  lockedAt: Date | null;
};

/**
 * The study of `target`, the user's role there and the protocol version in force, in one round trip
 * (the configuration itself is
 * read only when its version is not cached: see config-cache.ts). A patient or visit that does not
 * exist or is deleted answers null, like a missing study.
 */
export async function readStudyContext(
  tx: Queryable,
  userId: number,
  target: StudyTarget,
): Promise<StudyContext | null> {
  const kind = "study" in target ? "study" : "patient" in target ? "patient" : "visit";
  const id = "study" in target ? target.study : "patient" in target ? target.patient : target.visit;
  const [row] = await prepared(tx, `study_context_${kind}`, (q, name) => {
    const base = q
      .select({
        studyId: studies.id,
        code: studies.code,
        version: studies.version,
        lockedAt: studies.lockedAt,
        role: userStudyRoles.role,
        medicalGroupId: userStudyRoles.medicalGroupId,
        activeVersionId: protocolVersions.id,
        activeVersionNumber: protocolVersions.versionNumber,
      })
      .from(studies)
      .leftJoin(
        userStudyRoles,
        and(eq(userStudyRoles.studyId, studies.id), eq(userStudyRoles.userId, sql.placeholder("userId"))),
      )
      // At most one (protocol_versions_one_active_key).
      .leftJoin(
        protocolVersions,
        and(eq(protocolVersions.studyId, studies.id), eq(protocolVersions.status, "active")),
      );
    const query =
      kind === "study"
        ? base.where(eq(studies.id, sql.placeholder("id")))
        : kind === "patient"
          ? base
              .innerJoin(patients, eq(patients.studyId, studies.id))
              .where(and(eq(patients.id, sql.placeholder("id")), isNull(patients.deletedAt)))
          : base
              .innerJoin(visits, eq(visits.studyId, studies.id))
              .where(and(eq(visits.id, sql.placeholder("id")), isNull(visits.deletedAt)));
    return query.limit(1).prepare(name);
  }).execute({ userId, id });
  if (!row) return null;
  return {
    studyId: row.studyId,
    code: row.code,
    version: row.version,
    lockedAt: row.lockedAt,
    assignment: row.role ? { role: row.role, medicalGroupId: row.medicalGroupId } : null,
    activeVersion:
      row.activeVersionId !== null && row.activeVersionNumber !== null
        ? { id: row.activeVersionId, versionNumber: row.activeVersionNumber }
        : null,
  };
}

/** The stored configuration document with the version it was read at. */
export async function readStudyConfigRow(tx: Queryable, studyId: number) {
  const [row] = await tx
    .select({ id: studies.id, code: studies.code, version: studies.version, config: studies.config })
    .from(studies)
    .where(eq(studies.id, studyId));
  return row ?? null;
}
