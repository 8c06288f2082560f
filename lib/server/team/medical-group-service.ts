import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { medicalGroups, studies, userStudyRoles } from "@/db/schema";
import {
  GROUP_MESSAGES,
  type MedicalGroupCreateBody,
  type MedicalGroupListQuery,
  type MedicalGroupListResponse,
  type MedicalGroupResponse,
  type MedicalGroupUpdateBody,
} from "@/lib/schemas/users";
import { conflict, fieldError, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import type { Permission } from "../auth/policy";
import { requireStudyPermission, requireStudyPermissionToRead } from "../auth/study-access";
import { auditedTransaction } from "../audit/audit-writer";
import { assertVersion, nextVersion } from "../concurrency/versioned-update";
import { changedValues } from "../audit/changed-values";

type GroupRow = typeof medicalGroups.$inferSelect;

const who = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

function toResponse(row: GroupRow, patientCount: number): MedicalGroupResponse {
  return {
    id: row.id,
    study_id: row.studyId,
    code: row.code,
    name: row.name,
    description: row.description,
    patient_count: patientCount,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}

/*
 * Counts only, never patient rows, and only for team managers (platform admins, whose scope is every
 * patient): so the counts stay here instead of going through the clinical module's scoped reads.
 * Written out in full because drizzle renders an outer column unqualified inside sql``, which the
 * subquery would read as its own patients.id.
 */
const livePatientCount = sql<number>`(select count(*)::int from "patients" p where p."medical_group_id" = "medical_groups"."id" and p."deleted_at" is null)`;
/** Deleted patients still hold their group (the foreign key): they refuse a deletion too. */
const heldPatientCount = sql<number>`(select count(*)::int from "patients" p where p."medical_group_id" = "medical_groups"."id")`;

async function openStudy(
  tx: Queryable,
  actor: Actor,
  studyId: number,
  permission: Permission,
  use: "read" | "write",
) {
  const [study] = await tx.select({ id: studies.id }).from(studies).where(eq(studies.id, studyId)).limit(1);
  if (!study) throw notFound(messageRef("api.studies.notFound"));
  // Changing the groups is refused while the study is locked (decision 0034); reading them is not.
  if (use === "read") await requireStudyPermissionToRead(tx, actor, studyId, permission);
  else await requireStudyPermission(tx, actor, studyId, permission);
}

export async function listGroups(
  db: Db,
  actor: Actor,
  studyId: number,
  query: MedicalGroupListQuery,
): Promise<MedicalGroupListResponse> {
  await openStudy(db, actor, studyId, "team.manage", "read");
  const where = eq(medicalGroups.studyId, studyId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ group: medicalGroups, patientCount: livePatientCount })
      .from(medicalGroups)
      .where(where)
      .orderBy(asc(medicalGroups.code))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(medicalGroups).where(where),
  ]);
  return { items: rows.map((r) => toResponse(r.group, Number(r.patientCount))), total: total?.value ?? 0 };
}

async function findGroup(tx: Queryable, studyId: number, groupId: number, forUpdate = false) {
  const base = tx
    .select({ group: medicalGroups, patientCount: livePatientCount })
    .from(medicalGroups)
    .where(and(eq(medicalGroups.id, groupId), eq(medicalGroups.studyId, studyId)))
    .limit(1);
  const [row] = forUpdate ? await base.for("update", { of: medicalGroups }) : await base;
  if (!row) throw notFound(GROUP_MESSAGES.notFound);
  return { group: row.group, patientCount: Number(row.patientCount) };
}

export async function getGroup(db: Db, actor: Actor, studyId: number, groupId: number) {
  await openStudy(db, actor, studyId, "team.manage", "read");
  const { group, patientCount } = await findGroup(db, studyId, groupId);
  return toResponse(group, patientCount);
}

const auditedValues = (row: GroupRow) => ({ code: row.code, name: row.name, description: row.description });

export async function createGroup(
  db: Db,
  actor: Actor,
  studyId: number,
  input: MedicalGroupCreateBody,
  meta: RequestMeta,
): Promise<MedicalGroupResponse> {
  if (input.study_id !== undefined && input.study_id !== studyId) {
    throw fieldError(["body", "study_id"], messageRef("api.groups.studyMismatch"));
  }
  return auditedTransaction(db, async (tx, audit) => {
    await openStudy(tx, actor, studyId, "team.manage", "write");
    const [created] = await tx
      .insert(medicalGroups)
      .values({ studyId, code: input.code, name: input.name, description: input.description || null })
      .onConflictDoNothing({ target: [medicalGroups.studyId, medicalGroups.code] })
      .returning();
    if (!created) throw fieldError(["body", "code"], GROUP_MESSAGES.codeTaken(input.code), "value_taken");
    audit({
      action: "create",
      entityType: "medical_group",
      entityId: created.id,
      studyId,
      actor: who(actor),
      meta,
      newValues: auditedValues(created),
    });
    return toResponse(created, 0);
  });
}

export async function updateGroup(
  db: Db,
  actor: Actor,
  studyId: number,
  groupId: number,
  input: MedicalGroupUpdateBody,
  meta: RequestMeta,
): Promise<MedicalGroupResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    await openStudy(tx, actor, studyId, "team.manage", "write");
    const { group, patientCount } = await findGroup(tx, studyId, groupId, true);
    if (input.version !== undefined) assertVersion("medical group", group, input.version);
    const [updated] = await tx
      .update(medicalGroups)
      .set({
        name: input.name,
        description: input.description === undefined ? group.description : input.description || null,
        version: nextVersion(group),
      })
      .where(and(eq(medicalGroups.id, groupId), eq(medicalGroups.version, group.version)))
      .returning();
    if (!updated) throw conflict(messageRef("api.groups.changedElsewhere"));
    const { oldValues, newValues } = changedValues(auditedValues(group), auditedValues(updated));
    audit({
      action: "update",
      entityType: "medical_group",
      entityId: groupId,
      studyId,
      actor: who(actor),
      meta,
      oldValues,
      newValues,
    });
    return toResponse(updated, patientCount);
  });
}

/** Refused (409) while any patient, even a deleted one, or any sub-investigator is in the group. */
export async function deleteGroup(
  db: Db,
  actor: Actor,
  studyId: number,
  groupId: number,
  meta: RequestMeta,
): Promise<void> {
  await auditedTransaction(db, async (tx, audit) => {
    await openStudy(tx, actor, studyId, "team.manage", "write");
    const { group } = await findGroup(tx, studyId, groupId, true);
    const [held] = await tx
      .select({ value: heldPatientCount })
      .from(medicalGroups)
      .where(eq(medicalGroups.id, groupId));
    const patientCount = Number(held?.value ?? 0);
    if (patientCount > 0) throw conflict(GROUP_MESSAGES.hasPatients(patientCount));
    const [members] = await tx
      .select({ value: count() })
      .from(userStudyRoles)
      .where(eq(userStudyRoles.medicalGroupId, groupId));
    if ((members?.value ?? 0) > 0) throw conflict(GROUP_MESSAGES.hasMembers);
    await tx.delete(medicalGroups).where(eq(medicalGroups.id, groupId));
    audit({
      action: "delete",
      entityType: "medical_group",
      entityId: groupId,
      studyId,
      actor: who(actor),
      meta,
      oldValues: auditedValues(group),
    });
  });
}
