import "server-only";
import type { Db } from "@/db/client";
import { VISIT_MESSAGES, type VisitResponse } from "@/lib/schemas/visits";
import { conflict, forbidden } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { auditedTransaction } from "../audit/audit-writer";
import { reportSettings } from "../reports/report-settings";
import { refreshPatientSummary } from "./patient-summary";
import { formStatusFor } from "@/lib/forms/review-fields";
import { reviewedVisit } from "./review-state";
import { updateVisitRow } from "./visit-queries";
import { openVisit, toVisitResponse, type Words } from "./visit-service";

/** Locks a visit (clinical.write in scope): every later change answers 423 until it is unlocked. */
export async function lockVisit(
  db: Db,
  actor: Actor,
  id: number,
  meta: RequestMeta,
  words: Words,
): Promise<VisitResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const { study, visit } = await openVisit(tx, actor, id, "clinical.write", true);
    if (visit.isLocked) throw conflict(VISIT_MESSAGES.alreadyLocked(visit.visitNumber));
    const locked = await updateVisitRow(tx, visit, {
      isLocked: true,
      lockedAt: new Date(),
      lockedBy: actor.userId,
      formStatus: "locked",
    });
    // The patient's visits by form status are dashboard figures (decision 0031).
    await refreshPatientSummary(tx, reportSettings(study.config), visit.patientId);
    audit({
      action: "lock",
      entityType: "visit",
      entityId: id,
      studyId: study.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      oldValues: { is_locked: false, form_status: visit.formStatus },
      newValues: {
        is_locked: true,
        form_status: "locked",
        locked_at: locked.lockedAt?.toISOString() ?? null,
        locked_by: actor.userId,
      },
    });
    return toVisitResponse(locked, words);
  });
}

export async function unlockVisit(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  meta: RequestMeta,
  words: Words,
): Promise<VisitResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const { study, visit } = await openVisit(tx, actor, id, "clinical.write", true);
    // Unlocking reopens signed-off data: the policy's clinical.unlock (principal investigators and
    // platform admins), the same permission the patient detail page asks before showing Unlock.
    if (!study.access.permissions.has("clinical.unlock"))
      throw forbidden(VISIT_MESSAGES.unlockRole, { studyId: study.id, entityType: "visit", entityId: id });
    if (!visit.isLocked) throw conflict(VISIT_MESSAGES.notLocked(visit.visitNumber));
    const formStatus = formStatusFor(study.config, "visit", { ...reviewedVisit(visit), locked: false });
    const unlocked = await updateVisitRow(tx, visit, {
      isLocked: false,
      lockedAt: null,
      lockedBy: null,
      formStatus,
    });
    await refreshPatientSummary(tx, reportSettings(study.config), visit.patientId);
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
        form_status: visit.formStatus,
      },
      newValues: { is_locked: false, form_status: formStatus },
    });
    return toVisitResponse(unlocked, words);
  });
}
