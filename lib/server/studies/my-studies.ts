import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { medicalGroups, studies, userStudyRoles, type StudyRole } from "@/db/schema";
import type { PolicyActor } from "../auth/policy";
import { studyAccess } from "../auth/policy";

/** One card of My studies: the study, the reader's role in it and where that role reaches. */
export type MyStudy = {
  id: number;
  code: string;
  name: string;
  disease: string;
  isActive: boolean;
  role: StudyRole;
  /** A sub-investigator's group: the patients they see (null for every other role). */
  medicalGroupName: string | null;
  /** A data manager may open the study's configuration from the card as from the studies list. */
  canConfigure: boolean;
};

/**
 * The studies where the actor holds a study role, by name (docs/decisions/0029). Only explicit
 * assignments: an administrator's implicit access to every study is the studies list's business,
 * so this list says what the actor was given, never what their platform level lets them reach.
 */
export async function listMyStudies(db: Queryable, actor: PolicyActor): Promise<MyStudy[]> {
  const rows = await db
    .select({
      id: studies.id,
      code: studies.code,
      name: studies.name,
      disease: studies.disease,
      isActive: studies.isActive,
      role: userStudyRoles.role,
      medicalGroupId: userStudyRoles.medicalGroupId,
      medicalGroupName: medicalGroups.name,
    })
    .from(userStudyRoles)
    .innerJoin(studies, eq(studies.id, userStudyRoles.studyId))
    .leftJoin(medicalGroups, eq(medicalGroups.id, userStudyRoles.medicalGroupId))
    .where(eq(userStudyRoles.userId, actor.userId))
    .orderBy(asc(studies.name), asc(studies.id));
  return rows.map(({ medicalGroupId, medicalGroupName, ...row }) => ({
    ...row,
    medicalGroupName: row.role === "sub_investigator" ? medicalGroupName : null,
    canConfigure: studyAccess(actor, { role: row.role, medicalGroupId }, row.id).permissions.has(
      "study.configure",
    ),
  }));
}
