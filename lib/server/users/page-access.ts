import "server-only";
import { eq } from "drizzle-orm";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { studies, userStudyRoles } from "@/db/schema";
import { recordDenial } from "../audit/denial-aggregator";
import { logError } from "../api/log";
import { requestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import {
  hasPlatformPermission,
  isPlatformAdmin,
  studyAccess,
  type Permission,
  type PlatformPermission,
} from "../auth/policy";
import { loadStudyAccess } from "../auth/study-access";

export type PageAccess = { kind: "ok" } | { kind: "forbidden" } | { kind: "not_found" };

/**
 * A page of one study: its name, and whether the study is locked
 * (docs/decisions/0034-patient-and-study-lock.md): then the page offers no write, whose call would
 * answer 423.
 */
export type StudyPageAccess =
  { kind: "ok"; studyName: string; locked: boolean } | { kind: "forbidden" } | { kind: "not_found" };

/**
 * The admin pages ask the same questions as their API calls and refuse the same way: a study the
 * actor cannot read is not found, a missing permission is forbidden, and both are audited as
 * access_denied like the API's refusals.
 */
export async function platformPageAccess(actor: Actor, permission: PlatformPermission, page: string) {
  if (hasPlatformPermission(actor, permission)) return { kind: "ok" } as PageAccess;
  await auditPageDenial(actor, page, null);
  return { kind: "forbidden" } as PageAccess;
}

export async function studyPageAccess(
  actor: Actor,
  studyId: number,
  permission: Permission,
  page: string,
): Promise<StudyPageAccess> {
  const db = await getDb();
  const [study] = await db
    .select({ id: studies.id, name: studies.name, lockedAt: studies.lockedAt })
    .from(studies)
    .where(eq(studies.id, studyId));
  if (!study) return { kind: "not_found" };
  const access = await loadStudyAccess(db, actor, studyId);
  if (!access.permissions.has("study.read")) {
    await auditPageDenial(actor, page, studyId);
    return { kind: "not_found" };
  }
  if (!access.permissions.has(permission)) {
    await auditPageDenial(actor, page, studyId);
    return { kind: "forbidden" };
  }
  return { kind: "ok", studyName: study.name, locked: study.lockedAt !== null };
}

async function auditPageDenial(actor: Actor, page: string, studyId: number | null) {
  try {
    await recordDenial(await getDb(), {
      route: `GET ${page}`,
      entityType: studyId === null ? "page" : "study",
      entityId: studyId ?? page,
      studyId,
      actor: { userId: actor.userId, email: actor.email },
      meta: requestMeta(await headers()),
      reason: `You do not have permission to perform this action (GET ${page})`,
    });
  } catch (error) {
    logError("Could not audit a denied page", error);
  }
}

/**
 * The studies whose configuration the actor may change (the study list shows them Edit Config):
 * "all" for platform admins, else those where their study role grants study.configure.
 */
export async function configurableStudyIds(actor: Actor): Promise<"all" | number[]> {
  if (isPlatformAdmin(actor)) return "all";
  const rows = await (
    await getDb()
  )
    .select({
      studyId: userStudyRoles.studyId,
      role: userStudyRoles.role,
      medicalGroupId: userStudyRoles.medicalGroupId,
    })
    .from(userStudyRoles)
    .where(eq(userStudyRoles.userId, actor.userId));
  return rows
    .filter((row) => studyAccess(actor, row, row.studyId).permissions.has("study.configure"))
    .map((row) => row.studyId);
}
