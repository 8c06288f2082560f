import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { medicalGroups } from "@/db/schema";
import { messageRef } from "@/lib/i18n/message-ref";
import type { PatientGroupChoice, PatientGroups } from "@/lib/schemas/patients";
import { fieldError, forbidden } from "../api/errors";
import type { PatientScope } from "../auth/policy";
import type { ClinicalStudy } from "./clinical-study";

/**
 * Medical groups in use (docs/decisions/0028): which group a new patient joins, and moving a patient
 * to another group. The group decides who sees the patient (a sub-investigator sees their group's
 * patients only, decision 0004), so both are checked here, never trusted from the form.
 */

const GROUP_FIELD = ["body", "medical_group_id"];

/** The study's groups as a patient form offers them, by code. Only id, code and name: no counts. */
export async function listGroupChoices(tx: Queryable, studyId: number): Promise<PatientGroupChoice[]> {
  return tx
    .select({ id: medicalGroups.id, code: medicalGroups.code, name: medicalGroups.name })
    .from(medicalGroups)
    .where(eq(medicalGroups.studyId, studyId))
    .orderBy(asc(medicalGroups.code));
}

async function groupOfStudy(tx: Queryable, studyId: number, groupId: number) {
  const [group] = await tx
    .select({ id: medicalGroups.id, code: medicalGroups.code, name: medicalGroups.name })
    .from(medicalGroups)
    .where(and(eq(medicalGroups.id, groupId), eq(medicalGroups.studyId, studyId)))
    .limit(1);
  return group ?? null;
}

/**
 * The group a new patient joins. A sub-investigator's patient joins their own group, asked or not;
 * naming another group is refused (403, audited). Anyone else names one of the study's groups when
 * the study has groups (422 otherwise); a study without groups keeps its patients group-less.
 */
export async function groupForNewPatient(
  tx: Queryable,
  study: ClinicalStudy,
  requested: number | null | undefined,
): Promise<number | null> {
  return chooseNewPatientGroup(study, requested, await listGroupChoices(tx, study.id));
}

/**
 * groupForNewPatient's rule over the study's groups as already read (pure): the bulk import reads
 * them once per batch (docs/decisions/0037-bulk-import.md).
 */
export function chooseNewPatientGroup(
  study: ClinicalStudy,
  requested: number | null | undefined,
  groups: readonly PatientGroupChoice[],
): number | null {
  const scope = study.access.patientScope;
  if (scope.kind === "group") {
    if (requested != null && requested !== scope.medicalGroupId) {
      const own = groups.find((group) => group.id === scope.medicalGroupId);
      throw forbidden(messageRef("api.patientGroups.ownGroupOnly", { group: own?.name ?? "" }), {
        studyId: study.id,
        entityType: "medical_group",
        entityId: requested,
      });
    }
    return scope.medicalGroupId;
  }
  if (requested != null) {
    if (!groups.some((group) => group.id === requested))
      throw fieldError(GROUP_FIELD, messageRef("api.patientGroups.groupNotInStudy"));
    return requested;
  }
  if (groups.length > 0) throw fieldError(GROUP_FIELD, messageRef("api.patientGroups.groupRequired"));
  return null;
}

/**
 * The group a patient moves to (docs/decisions/0028): one of its study's groups (422 otherwise, like
 * a group of another study) and not the one it is in already.
 */
export async function moveTarget(
  tx: Queryable,
  studyId: number,
  current: number | null,
  requested: number,
): Promise<number> {
  const group = await groupOfStudy(tx, studyId, requested);
  if (!group) throw fieldError(GROUP_FIELD, messageRef("api.patientGroups.groupNotInStudy"));
  if (group.id === current) throw fieldError(GROUP_FIELD, messageRef("api.patientGroups.sameGroup"));
  return group.id;
}

/**
 * What the patient pages need of the groups (docs/decisions/0028): the study's groups to choose
 * from, and the reader's own group when their scope is one (a sub-investigator: their patients
 * join it without asking, and an empty list names it).
 */
export async function patientGroupsFor(
  tx: Queryable,
  studyId: number,
  scope: PatientScope,
): Promise<PatientGroups> {
  const choices = await listGroupChoices(tx, studyId);
  const own = scope.kind === "group" ? (choices.find((g) => g.id === scope.medicalGroupId) ?? null) : null;
  return { choices, own, scope: scope.kind };
}
