import "server-only";
import { sameSchedule } from "@/lib/schedule/visit-schedule";
import { refreshNextVisits } from "../clinical/schedule-queries";
import { messageRef } from "@/lib/i18n/message-ref";
import { and, eq, inArray, or } from "drizzle-orm";
import type { Db, Queryable, Tx } from "@/db/client";
import { studies } from "@/db/schema";
import { fieldsForEntity } from "@/lib/forms";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import type { FieldEntity, StudyConfigDocument } from "@/lib/schemas/study-config";
import {
  STUDY_MESSAGES,
  STUDY_REFUSALS,
  type StudyCreateBody,
  type StudyResponse,
  type StudySummary,
  type StudyUpdateBody,
} from "@/lib/schemas/studies";
import { conflict, fieldError, forbidden, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { hasPlatformPermission, readOnlyAccess, type StudyAccess } from "../auth/policy";
import { loadStudyAccess, requireStudyPermission } from "../auth/study-access";
import { auditedTransaction, type AuditRecorder } from "../audit/audit-writer";
import { changedValues } from "../audit/changed-values";
import { recordDenial } from "../audit/denial-aggregator";
import { droppedUploadIds, releaseUploads } from "../uploads/upload-references";
import { assertVersion, nextVersion } from "../concurrency/versioned-update";
import { governConfigChange } from "./protocol-versions/governance";
import { readConfig, readStoredConfig } from "./stored-config";
import {
  findStudyByCodeOrDomain,
  findStudyById,
  listAllStudies,
  listStudiesForMember,
  type StudyRow,
  type StudySummaryRow,
} from "./study-queries";

function toStudySummary(row: StudySummaryRow): StudySummary {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    study_name: row.name,
    disease: row.disease,
    description: row.description,
    domain: row.domain,
    default_language: row.defaultLanguage ?? null,
    is_active: row.isActive,
    version: row.version,
    field_count: row.fieldCount,
    locked_at: row.lockedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Stored configs are parsed on the way out too, so old documents reach clients migrated. */
export function toStudyResponse(row: StudyRow, config: StudyConfigDocument = readConfig(row)): StudyResponse {
  return {
    ...toStudySummary({ ...row, fieldCount: config.data_fields.length }),
    config,
  };
}

/** Platform admins see every study; other users the studies where they hold a role. */
export async function listStudies(db: Db, actor: Actor): Promise<StudySummary[]> {
  const rows = hasPlatformPermission(actor, "studies.read_all")
    ? await listAllStudies(db)
    : await listStudiesForMember(db, actor.userId);
  return rows.map(toStudySummary);
}

async function loadReadableStudy(db: Db, actor: Actor, id: number): Promise<StudyRow> {
  const study = await findStudyById(db, id);
  if (!study) throw notFound(messageRef("api.studies.notFound"));
  await requireStudyPermission(db, actor, id, "study.read");
  return study;
}

export async function getStudy(db: Db, actor: Actor, id: number): Promise<StudyResponse> {
  return toStudyResponse(await loadReadableStudy(db, actor, id));
}

/** Creating a study needs a platform admin; pages ask here too, to hide what the API would refuse. */
export function canCreateStudies(actor: Actor): boolean {
  return hasPlatformPermission(actor, "studies.create");
}

export async function createStudy(
  db: Db,
  actor: Actor,
  body: StudyCreateBody,
  meta: RequestMeta,
): Promise<StudyResponse> {
  if (!canCreateStudies(actor)) throw forbidden(messageRef("api.studies.adminsOnly"));
  const config = body.config ?? StudyConfigSchema.parse({ version: 1 });
  const domain = body.domain || body.code;
  return auditedTransaction(db, async (tx, audit) => {
    await assertUnique(tx, body.code, domain, null);
    const [created] = await tx
      .insert(studies)
      .values({
        code: body.code,
        name: body.name,
        disease: body.disease,
        description: body.description ?? null,
        domain,
        defaultLanguage: body.default_language ?? null,
        isActive: body.is_active,
        config,
        createdBy: actor.userId,
      })
      .returning();
    const response = toStudyResponse(created!);
    audit({
      action: "create",
      entityType: "study",
      entityId: created!.id,
      studyId: created!.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      newValues: auditable(response),
    });
    return response;
  });
}

export async function updateStudy(
  db: Db,
  actor: Actor,
  id: number,
  body: StudyUpdateBody,
  meta: RequestMeta,
): Promise<StudyResponse> {
  let dropped: string[] = [];
  const response = await auditedTransaction(db, async (tx, audit) => {
    // Locked as updateStudyInTransaction locks it: the configuration it replaces is this one.
    const [before] = await tx
      .select({ config: studies.config })
      .from(studies)
      .where(eq(studies.id, id))
      .for("update");
    const updated = await updateStudyInTransaction(tx, audit, actor, id, body, meta);
    dropped = droppedUploadIds(before?.config, updated.config);
    return updated;
  });
  // A replaced logo (or any file the old configuration named) goes when nothing else names it.
  await releaseUploads(db, dropped, actor, meta);
  return response;
}

/**
 * `updateStudy` inside a caller's audited transaction (the data dictionary import adds its own
 * audit row to the same transaction): the same rules, version check and protocol-version governance.
 */
export async function updateStudyInTransaction(
  tx: Tx,
  audit: AuditRecorder,
  actor: Actor,
  id: number,
  body: StudyUpdateBody,
  meta: RequestMeta,
): Promise<StudyResponse> {
  const [current] = await tx.select().from(studies).where(eq(studies.id, id)).for("update");
  if (!current) throw notFound(messageRef("api.studies.notFound"));
  await requireStudyPermission(tx, actor, id, "study.configure");
  assertVersion("study", current, body.version);
  // An unreadable stored config is replaced only by an explicit, valid one (the version check
  // above proves the client saw the current state); any other save is refused, so nothing drops it.
  const stored = readStoredConfig(current);
  if (!stored.ok && body.config === undefined) throw stored.error;
  if (body.code !== undefined && body.code !== current.code)
    throw fieldError(["body", "code"], STUDY_MESSAGES.codeImmutable);
  const domain = body.domain === undefined ? current.domain : body.domain || current.code;
  await assertUnique(tx, null, domain, id);
  if (body.config !== undefined && !sameConfig(stored.ok ? stored.config : null, body.config)) {
    await governConfigChange(tx, id, stored.ok ? stored.config : null, body.config, {
      audit,
      actor: { userId: actor.userId, email: actor.email },
      meta,
    });
  }
  const [updated] = await tx
    .update(studies)
    .set({
      name: body.name ?? current.name,
      disease: body.disease ?? current.disease,
      description: body.description === undefined ? current.description : body.description,
      domain,
      defaultLanguage: body.default_language === undefined ? current.defaultLanguage : body.default_language,
      isActive: body.is_active ?? current.isActive,
      config: body.config ?? current.config,
      version: nextVersion(current),
      updatedAt: new Date(),
    })
    .where(and(eq(studies.id, id), eq(studies.version, body.version)))
    .returning();
  // The row is locked and its version checked: an empty answer means the lock did not hold.
  if (!updated) throw new Error(`Study ${id}: locked row changed during its update`);
  // The patients' next planned visits follow the visit types (decision 0025), in this transaction.
  if (
    body.config !== undefined &&
    !sameSchedule(stored.ok ? stored.config.visit_types : null, body.config.visit_types)
  )
    await refreshNextVisits(tx, { studyId: id, visitTypes: body.config.visit_types });
  // An unreadable config goes into the audit as it was stored, so the trail keeps what it replaced.
  const before = stored.ok
    ? auditable(toStudyResponse(current, stored.config))
    : { ...auditable(toStudySummary({ ...current, fieldCount: 0 })), config: current.config };
  const after = auditable(toStudyResponse(updated));
  audit({
    action: "update",
    entityType: "study",
    entityId: id,
    studyId: id,
    actor: { userId: actor.userId, email: actor.email },
    meta,
    ...changedValues(before, after),
  });
  return toStudyResponse(updated);
}

/** Both parsed by the same schema, so their keys come in the same order. */
function sameConfig(live: StudyConfigDocument | null, next: StudyConfigDocument): boolean {
  return live !== null && JSON.stringify(live) === JSON.stringify(next);
}

/** Codes and subdomains share one namespace: the study area resolves either. */
async function assertUnique(tx: Queryable, code: string | null, domain: string, exceptId: number | null) {
  const keys = code === null ? [domain] : [code, domain];
  const clashes = await tx
    .select({ id: studies.id, code: studies.code, domain: studies.domain })
    .from(studies)
    .where(or(inArray(studies.code, keys), inArray(studies.domain, keys)));
  for (const other of clashes) {
    if (other.id === exceptId) continue;
    if (code !== null && (other.code === code || other.domain === code))
      throw conflict(STUDY_MESSAGES.codeTaken, STUDY_REFUSALS.codeTaken);
    throw conflict(STUDY_MESSAGES.domainTaken, STUDY_REFUSALS.domainTaken);
  }
}

/** The audit keeps the study's own fields; timestamps are in the row itself. */
function auditable({
  created_at: _c,
  updated_at: _u,
  study_name: _s,
  field_count: _f,
  locked_at: _l,
  ...rest
}: StudySummary | StudyResponse): Record<string, unknown> {
  return rest;
}

/** What the capture screens need: one entity's fields plus the visit types, calculations and switch config. */
export async function getFieldSchema(db: Db, actor: Actor, id: number, entity: FieldEntity) {
  const config = readConfig(await loadReadableStudy(db, actor, id));
  return {
    fields: fieldsForEntity(config.data_fields, entity),
    categories: config.categories.filter((c) => c.entity === entity),
    visit_types: [...config.visit_types].sort((a, b) => a.order - b.order),
    calculations: config.calculations,
    therapy_switch_config: config.therapy_switch_config,
  };
}

/**
 * `/resolve-study?domain=` for the study area: by subdomain or code. Inactive studies and studies
 * the actor has no role in answer 404, as if they did not exist.
 */
export async function resolveStudy(db: Db, actor: Actor, key: string) {
  const study = await findStudyByCodeOrDomain(db, key.toLowerCase());
  if (!study || !study.isActive) throw notFound(messageRef("api.studies.notFound"));
  const access = await loadStudyAccess(db, actor, study.id);
  if (!access.permissions.has("study.read"))
    throw notFound(messageRef("api.studies.notFound"), {
      studyId: study.id,
      entityType: "study",
      entityId: study.id,
    });
  return { study_id: study.id, code: study.code, name: study.name };
}

/** What the study area shell can open: the study, or the fact that its configuration is unreadable. */
export type StudyArea =
  | { kind: "open"; study: StudyResponse; access: StudyAccess }
  | { kind: "unreadable"; name: string; detail: string };

/**
 * The study area shell's lookup by code (or subdomain): null when the study is missing, inactive or
 * outside the actor's studies — the shell then answers 'Study Not Found' for all three alike. A
 * refusal of an existing study is audited. A study whose stored configuration cannot be read is
 * said to be so (never shown as if it had no fields; readStoredConfig has logged it).
 */
export async function openStudyArea(
  db: Db,
  actor: Actor,
  key: string,
  meta: RequestMeta,
): Promise<StudyArea | null> {
  const study = await findStudyByCodeOrDomain(db, key.toLowerCase());
  if (!study || !study.isActive) return null;
  const access = await loadStudyAccess(db, actor, study.id);
  if (!access.permissions.has("study.read")) {
    await recordDenial(db, {
      route: `GET /${key}`,
      entityType: "study",
      entityId: study.id,
      studyId: study.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      reason: `Study area /${key} refused: no role in this study`,
    });
    return null;
  }
  const stored = readStoredConfig(study);
  if (!stored.ok) {
    const detail = typeof stored.error.detail === "string" ? stored.error.detail : stored.error.message;
    return { kind: "unreadable", name: study.name, detail };
  }
  // A locked study's pages offer no writes (decision 0034).
  return {
    kind: "open",
    study: toStudyResponse(study, stored.config),
    access: study.lockedAt ? readOnlyAccess(access) : access,
  };
}
