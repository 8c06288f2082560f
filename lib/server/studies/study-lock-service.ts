import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { studies } from "@/db/schema";
import { messageRef } from "@/lib/i18n/message-ref";
import { DATA_LOCK_MESSAGES, type LockStateResponse } from "@/lib/schemas/data-lock";
import { conflict, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { requireStudyPermissionToRead } from "../auth/study-access";
import { auditedTransaction } from "../audit/audit-writer";

/**
 * Locks (`locked`) or unlocks a whole study with a reason (docs/decisions/0034-patient-and-study-lock.md):
 * study.lock, which only platform administrators hold. This is the one write a locked study
 * accepts, so it asks for the permission without the lock check. The study row is updated, so the
 * study_context_notify trigger drops every server's copy of its context: the lock counts from the
 * next request. The configuration version is not bumped: the configuration did not change.
 */
export async function setStudyLock(
  db: Db,
  actor: Actor,
  id: number,
  locked: boolean,
  reason: string,
  meta: RequestMeta,
): Promise<LockStateResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    await requireStudyPermissionToRead(tx, actor, id, "study.lock");
    const [study] = await tx
      .select({ id: studies.id, lockedAt: studies.lockedAt, lockedBy: studies.lockedBy })
      .from(studies)
      .where(eq(studies.id, id))
      .for("update");
    if (!study) throw notFound(messageRef("api.studies.notFound"));
    if (locked && study.lockedAt) throw conflict(DATA_LOCK_MESSAGES.studyAlreadyLocked);
    if (!locked && !study.lockedAt) throw conflict(DATA_LOCK_MESSAGES.studyNotLocked);
    const [changed] = await tx
      .update(studies)
      .set(locked ? { lockedAt: new Date(), lockedBy: actor.userId } : { lockedAt: null, lockedBy: null })
      .where(eq(studies.id, id))
      .returning({ id: studies.id, lockedAt: studies.lockedAt, lockedBy: studies.lockedBy });
    const state = (row: typeof study) => ({
      locked_at: row.lockedAt?.toISOString() ?? null,
      locked_by: row.lockedBy,
    });
    audit({
      action: locked ? "lock" : "unlock",
      entityType: "study",
      entityId: id,
      studyId: id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      reason,
      oldValues: state(study),
      newValues: state(changed!),
    });
    return { id, ...state(changed!) };
  });
}
