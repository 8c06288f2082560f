import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import type { Queryable } from "@/db/client";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { DATA_LOCK_MESSAGES } from "@/lib/schemas/data-lock";
import { REVIEW_MESSAGES } from "@/lib/schemas/data-review";
import { ApiError, forbidden, notFound } from "../api/errors";
import { requireIntactTrail } from "../audit/trail-integrity";
import type { Actor } from "../auth/actor";
import { studyAccess, type Permission, type StudyAccess } from "../auth/policy";
import { cachedConfig, parseAndCacheConfig } from "../studies/config-cache";
import { assertStudyOpen } from "../studies/study-lock-guard";
import { knownRecordContext, rememberRecordStudy, studyContextFor } from "./study-context-cache";
import { readStudyConfigRow, readStudyContext, type StudyContext } from "./study-context-queries";

export type ClinicalStudy = {
  id: number;
  /** The configuration version calculations and validations were run with. */
  version: number;
  config: StudyConfig;
  access: StudyAccess;
  /** The protocol version in force when the call opened the study (study-context-queries.ts). */
  activeVersion: StudyContext["activeVersion"];
  /** Since when the study is locked (docs/decisions/0034-patient-and-study-lock.md), null while open. */
  lockedAt: Date | null;
};

/**
 * The study a clinical call works in, with the actor's access: 404 when the actor cannot read the
 * study (or it does not exist), 403 when they may read but `permission` is missing. Both refusals
 * are audited by the route wrapper.
 */
export async function openClinicalStudy(
  tx: Queryable,
  actor: Actor,
  studyId: number,
  permission: Permission,
): Promise<ClinicalStudy> {
  const context = await studyContextFor(tx, actor, studyId);
  if (!context) throw notFound(messageRef("api.studies.notFound"));
  const opened = await openReadable(tx, actor, context, () =>
    notFound(messageRef("api.studies.notFound"), { studyId, entityType: "study", entityId: studyId }),
  );
  requireClinicalPermission(opened, permission);
  return opened;
}

/** What a refusal of each permission says; the clinical ones are the one "change data" sentence. */
const REFUSALS: Partial<Record<Permission, string>> = {
  "queries.open": messageRef("api.queries.openRole"),
  "queries.respond": messageRef("api.queries.respondRole"),
  "signatures.sign": messageRef("api.signatures.signRole"),
  "signatures.sign_if_allowed": messageRef("api.signatures.signRole"),
  "clinical.freeze": DATA_LOCK_MESSAGES.freezeRole,
  "clinical.import": messageRef("api.imports.importRole"),
  "sdv.verify": REVIEW_MESSAGES.verifyRole,
};

/** A missing permission inside a study the actor may read is told (403) and audited. */
export function requireClinicalPermission(study: ClinicalStudy, permission: Permission): void {
  if (!study.access.permissions.has(permission))
    throw forbidden(REFUSALS[permission] ?? messageRef("api.clinical.noWritePermission"), {
      studyId: study.id,
      entityType: "study",
      entityId: study.id,
    });
  // Every clinical write asks for a write permission here: while the audit trail is broken they
  // fail closed with 503 (docs/decisions/0018); reads go on. A locked study refuses them all with
  // 423 (docs/decisions/0034-patient-and-study-lock.md): data, queries, SDV, freezes.
  if (permission !== "clinical.read") {
    requireIntactTrail();
    assertStudyOpen(study.lockedAt);
  }
}

/**
 * A live patient or visit in the actor's scope, with its study: the one preamble of `openPatient`
 * and `openVisit`. A missing or deleted record, a study the actor cannot read, and a record outside
 * their scope all answer the same 404 (`notFoundDetail`), so a record's existence is never
 * disclosed; refusals of an existing record name its study and are audited as access_denied.
 * Inside the scope a missing `permission` is told (403), like on the study itself. `find` reads
 * the record in the opened study and scope (and locks it when the caller writes).
 */
export async function openClinicalRecord<R>(
  tx: Queryable,
  actor: Actor,
  target: { patient: number } | { visit: number },
  permission: Permission,
  notFoundDetail: string,
  find: (study: ClinicalStudy) => Promise<R | null>,
): Promise<{ study: ClinicalStudy; record: R }> {
  // A read of a record seen before opens its study from the watched copy (study-context-cache.ts):
  // one statement, the record's. Anything short of finding it there goes the way below, so every
  // refusal and its audit is the database's answer.
  if (permission === "clinical.read") {
    const known = await knownRecordContext(tx, actor, target);
    if (known) {
      const study = await openReadable(tx, actor, known, () => notFound(notFoundDetail)).catch(() => null);
      const record = study && (await find(study));
      if (study && record) return { study, record };
    }
  }
  const [entityType, entityId] = "patient" in target ? ["patient", target.patient] : ["visit", target.visit];
  const context = await readStudyContext(tx, actor.userId, target);
  if (!context) throw notFound(notFoundDetail);
  const refusal = () => notFound(notFoundDetail, { studyId: context.studyId, entityType, entityId });
  const study = await openReadable(tx, actor, context, refusal);
  const record = await find(study);
  if (!record) throw refusal();
  requireClinicalPermission(study, permission);
  rememberRecordStudy(tx, actor, target, study.id);
  return { study, record };
}

/**
 * The access check comes before the configuration: an outsider learns nothing of its state. The
 * refusal is made only when refused (an error's stack costs more than the rest of the check).
 */
async function openReadable(
  tx: Queryable,
  actor: Actor,
  context: StudyContext,
  refusal: () => ApiError,
): Promise<ClinicalStudy> {
  const access = studyAccess(actor, context.assignment, context.studyId);
  if (!access.permissions.has("clinical.read")) throw refusal();
  let version = context.version;
  let stored = cachedConfig(context.studyId, version);
  if (!stored) {
    const row = await readStudyConfigRow(tx, context.studyId);
    if (!row) throw refusal();
    // Read just now: if a save landed in between, its version goes with its document.
    version = row.version;
    stored = parseAndCacheConfig(row);
  }
  if (!stored.ok) throw stored.error;
  return {
    id: context.studyId,
    version,
    config: stored.config,
    access,
    activeVersion: context.activeVersion,
    lockedAt: context.lockedAt,
  };
}
