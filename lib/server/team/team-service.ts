import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { medicalGroups, studies, userStudyRoles, users } from "@/db/schema";
import type { StudyRole } from "@/db/schema/study-roles";
import {
  assignmentGroup,
  TEAM_MESSAGES,
  type UserStudyRoleCreateBody,
  type UserStudyRoleListQuery,
  type UserStudyRoleListResponse,
  type UserStudyRoleResponse,
  type UserStudyRoleUpdateBody,
} from "@/lib/schemas/users";
import { conflict, fieldError, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { requireStudyPermission, requireStudyPermissionToRead } from "../auth/study-access";
import { auditedTransaction } from "../audit/audit-writer";
import { assertVersion, nextVersion } from "../concurrency/versioned-update";

const who = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

const assignmentColumns = {
  id: userStudyRoles.id,
  userId: userStudyRoles.userId,
  studyId: userStudyRoles.studyId,
  role: userStudyRoles.role,
  medicalGroupId: userStudyRoles.medicalGroupId,
  assignedAt: userStudyRoles.assignedAt,
  version: userStudyRoles.version,
  userFullName: users.fullName,
  userEmail: users.email,
  userRoleLevel: users.roleLevel,
  userIsActive: users.isActive,
  groupName: medicalGroups.name,
};

type AssignmentRow = {
  id: number;
  userId: number;
  studyId: number;
  role: StudyRole;
  medicalGroupId: number | null;
  assignedAt: Date;
  version: number;
  userFullName: string;
  userEmail: string;
  userRoleLevel: UserStudyRoleResponse["user_role_level"];
  userIsActive: boolean;
  groupName: string | null;
};

function toResponse(row: AssignmentRow): UserStudyRoleResponse {
  return {
    id: row.id,
    user_id: row.userId,
    user_full_name: row.userFullName,
    user_email: row.userEmail,
    user_role_level: row.userRoleLevel,
    user_is_active: row.userIsActive,
    role: row.role,
    medical_group_id: row.medicalGroupId,
    medical_group_name: row.groupName,
    assigned_at: row.assignedAt.toISOString(),
    study_id: row.studyId,
    version: row.version,
  };
}

function assignmentQuery(tx: Queryable) {
  return tx
    .select(assignmentColumns)
    .from(userStudyRoles)
    .innerJoin(users, eq(users.id, userStudyRoles.userId))
    .leftJoin(medicalGroups, eq(medicalGroups.id, userStudyRoles.medicalGroupId));
}

/** The study must exist before its permission is asked (a missing study is a plain 404). */
async function requireTeamManager(tx: Queryable, actor: Actor, studyId: number, use: "read" | "write") {
  const [study] = await tx.select({ id: studies.id }).from(studies).where(eq(studies.id, studyId)).limit(1);
  if (!study) throw notFound(messageRef("api.studies.notFound"));
  // Changing the team is refused while the study is locked (decision 0034); reading it is not.
  if (use === "read") await requireStudyPermissionToRead(tx, actor, studyId, "team.manage");
  else await requireStudyPermission(tx, actor, studyId, "team.manage");
}

export async function listAssignments(
  db: Db,
  actor: Actor,
  query: UserStudyRoleListQuery,
): Promise<UserStudyRoleListResponse> {
  await requireTeamManager(db, actor, query.study_id, "read");
  const where = eq(userStudyRoles.studyId, query.study_id);
  const [rows, [total]] = await Promise.all([
    assignmentQuery(db)
      .where(where)
      .orderBy(asc(users.fullName), asc(userStudyRoles.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(userStudyRoles).where(where),
  ]);
  return { items: rows.map(toResponse), total: total?.value ?? 0 };
}

/** Spec §5: a sub-investigator needs a group, and it must be one of this study's groups. */
async function checkedGroup(
  tx: Queryable,
  studyId: number,
  role: StudyRole,
  requested: number | null | undefined,
): Promise<number | null> {
  const groupId = assignmentGroup(role, requested);
  if (role !== "sub_investigator") return null;
  if (groupId === null) throw fieldError(["body", "medical_group_id"], TEAM_MESSAGES.groupRequired);
  const [group] = await tx
    .select({ id: medicalGroups.id })
    .from(medicalGroups)
    .where(and(eq(medicalGroups.id, groupId), eq(medicalGroups.studyId, studyId)))
    .limit(1);
  if (!group) throw fieldError(["body", "medical_group_id"], TEAM_MESSAGES.groupNotInStudy);
  return groupId;
}

async function loadAssignment(tx: Queryable, id: number): Promise<AssignmentRow> {
  const [row] = await assignmentQuery(tx).where(eq(userStudyRoles.id, id)).limit(1);
  if (!row) throw notFound(TEAM_MESSAGES.notFound);
  return row as AssignmentRow;
}

const auditedValues = (row: { role: StudyRole; medicalGroupId: number | null; userId: number }) => ({
  user_id: row.userId,
  role: row.role,
  medical_group_id: row.medicalGroupId,
});

export async function createAssignment(
  db: Db,
  actor: Actor,
  input: UserStudyRoleCreateBody,
  meta: RequestMeta,
): Promise<UserStudyRoleResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    await requireTeamManager(tx, actor, input.study_id, "write");
    const [user] = await tx.select().from(users).where(eq(users.id, input.user_id)).limit(1);
    if (!user) throw fieldError(["body", "user_id"], messageRef("api.users.notFound"));
    if (!user.isActive) throw fieldError(["body", "user_id"], TEAM_MESSAGES.userInactive);
    const groupId = await checkedGroup(tx, input.study_id, input.role, input.medical_group_id);
    const [created] = await tx
      .insert(userStudyRoles)
      .values({
        userId: input.user_id,
        studyId: input.study_id,
        role: input.role,
        medicalGroupId: groupId,
        assignedBy: actor.userId,
      })
      .onConflictDoNothing({ target: [userStudyRoles.userId, userStudyRoles.studyId] })
      .returning();
    if (!created) throw conflict(TEAM_MESSAGES.alreadyAssigned);
    audit({
      action: "create",
      entityType: "user_study_role",
      entityId: created.id,
      studyId: input.study_id,
      actor: who(actor),
      meta,
      newValues: auditedValues(created),
    });
    return toResponse(await loadAssignment(tx, created.id));
  });
}

/** The assignment and its study's team permission; an assignment of a study the actor cannot read is a 404. */
async function openAssignment(tx: Queryable, actor: Actor, id: number) {
  const [row] = await tx
    .select()
    .from(userStudyRoles)
    .where(eq(userStudyRoles.id, id))
    .limit(1)
    .for("update");
  if (!row) throw notFound(TEAM_MESSAGES.notFound);
  await requireStudyPermission(tx, actor, row.studyId, "team.manage", TEAM_MESSAGES.notFound);
  return row;
}

export async function updateAssignment(
  db: Db,
  actor: Actor,
  id: number,
  input: UserStudyRoleUpdateBody,
  meta: RequestMeta,
): Promise<UserStudyRoleResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const current = await openAssignment(tx, actor, id);
    if (input.version !== undefined) assertVersion("role assignment", current, input.version);
    const groupId = await checkedGroup(tx, current.studyId, input.role, input.medical_group_id);
    const [updated] = await tx
      .update(userStudyRoles)
      .set({ role: input.role, medicalGroupId: groupId, version: nextVersion(current) })
      .where(and(eq(userStudyRoles.id, id), eq(userStudyRoles.version, current.version)))
      .returning();
    if (!updated) throw conflict(messageRef("api.team.changedElsewhere"));
    audit({
      action: "update",
      entityType: "user_study_role",
      entityId: id,
      studyId: current.studyId,
      actor: who(actor),
      meta,
      // With server-side sessions the new role applies to the user's next request.
      oldValues: auditedValues(current),
      newValues: auditedValues(updated),
    });
    return toResponse(await loadAssignment(tx, id));
  });
}

/** Removes the user from the study; their patients stay (created_by and group are kept). */
export async function deleteAssignment(db: Db, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  await auditedTransaction(db, async (tx, audit) => {
    const current = await openAssignment(tx, actor, id);
    await tx.delete(userStudyRoles).where(eq(userStudyRoles.id, id));
    audit({
      action: "delete",
      entityType: "user_study_role",
      entityId: id,
      studyId: current.studyId,
      actor: who(actor),
      meta,
      oldValues: auditedValues(current),
    });
  });
}
