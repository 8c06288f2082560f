import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { userStudyRoles } from "@/db/schema";
import { VISIT_MESSAGES, type VisitResponse } from "@/lib/schemas/visits";
import { conflict, forbidden } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { isPlatformAdmin } from "../auth/policy";
import { auditedTransaction } from "../audit/audit-writer";
import { updateVisitRow } from "./visit-queries";
import { openVisit, toVisitResponse } from "./visit-service";

/**
 * Unlocking reopens signed-off data: a principal investigator of the study or a platform admin.
 * Exported (read-only) so the patient detail page shows Unlock only to those the API lets unlock.
 */
export async function mayUnlock(tx: Queryable, actor: Actor, studyId: number): Promise<boolean> {
  if (isPlatformAdmin(actor)) return true;
  const [row] = await tx
    .select({ role: userStudyRoles.role })
    .from(userStudyRoles)
    .where(and(eq(userStudyRoles.userId, actor.userId), eq(userStudyRoles.studyId, studyId)));
  return row?.role === "principal_investigator";
}

/** Locks a visit (clinical.write in scope): every later change answers 423 until it is unlocked. */
export async function lockVisit(db: Db, actor: Actor, id: number, meta: RequestMeta): Promise<VisitResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const { study, visit } = await openVisit(tx, actor, id, "clinical.write", true);
    if (visit.isLocked) throw conflict(VISIT_MESSAGES.alreadyLocked(visit.visitNumber));
    const locked = await updateVisitRow(tx, visit, {
      isLocked: true,
      lockedAt: new Date(),
      lockedBy: actor.userId,
    });
    audit({
      action: "lock",
      entityType: "visit",
      entityId: id,
      studyId: study.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      oldValues: { is_locked: false },
      newValues: {
        is_locked: true,
        locked_at: locked.lockedAt?.toISOString() ?? null,
        locked_by: actor.userId,
      },
    });
    return toVisitResponse(locked);
  });
}

export async function unlockVisit(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  meta: RequestMeta,
): Promise<VisitResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const { study, visit } = await openVisit(tx, actor, id, "clinical.write", true);
    if (!(await mayUnlock(tx, actor, study.id)))
      throw forbidden(VISIT_MESSAGES.unlockRole, { studyId: study.id, entityType: "visit", entityId: id });
    if (!visit.isLocked) throw conflict(VISIT_MESSAGES.notLocked(visit.visitNumber));
    const unlocked = await updateVisitRow(tx, visit, { isLocked: false, lockedAt: null, lockedBy: null });
    audit({
      action: "unlock",
      entityType: "visit",
      entityId: id,
      studyId: study.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      reason,
      oldValues: {
        is_locked: true,
        locked_at: visit.lockedAt?.toISOString() ?? null,
        locked_by: visit.lockedBy,
      },
      newValues: { is_locked: false },
    });
    return toVisitResponse(unlocked);
  });
}
