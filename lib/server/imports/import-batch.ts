import "server-only";
import { setImmediate as yieldToIo } from "node:timers/promises";
import { eq } from "drizzle-orm";
import type { Db, Queryable, Tx } from "@/db/client";
import { importJobs, users } from "@/db/schema";
import type { ImportedGroup } from "@/lib/imports/import-records";
import { messageRef } from "@/lib/i18n/message-ref";
import { ApiError } from "../api/errors";
import type { Actor } from "../auth/actor";
import { auditedTransaction, type AuditRecorder } from "../audit/audit-writer";
import { openClinicalStudy, type ClinicalStudy } from "../clinical/clinical-study";
import { readExistingRecords, type ExistingRecords } from "../clinical/import-existing-queries";
import { translatorFor } from "../i18n/translator";
import { writeGroup } from "./import-group-write";
import { appendIssues, type ImportJobRow } from "./import-job-queries";
import type { GroupOutcome, ImportWriteContext } from "./import-record-attempt";
import { insertNewPatients } from "./new-patient-insert";
import { planNewGroup, type NewPatientPlan } from "./new-patient-plan";

/**
 * One batch of an import job's patient groups (docs/decisions/0037-bulk-import.md), checked or
 * written. A new patient's records are planned in memory (new-patient-plan.ts) and written in bulk
 * (new-patient-insert.ts); a patient the study holds goes through the form save's writes, record
 * by record (import-group-write.ts).
 *
 * A write batch is planned before its transaction (`prepareWriteBatch`), so the runner plans the
 * next batch while this one's statements run in the database. Its transaction (`commitWriteBatch`)
 * reads the study, the user's access and the codes again, and uses the plans only if what they were
 * made from is unchanged; else it plans again inside the transaction. Either way the rows are the
 * ones a plan made inside the transaction would give.
 */

class DryRun extends Error {}

/** The check of a batch: run through the form save's rules in a transaction always rolled back. */
export async function checkBatch(
  db: Db,
  job: ImportJobRow,
  groups: ImportedGroup[],
): Promise<GroupOutcome[]> {
  const outcomes: GroupOutcome[] = [];
  try {
    await db.transaction(async (tx) => {
      const { context, existing, writable } = await readBatchInputs(tx, job, groups);
      for (const group of groups)
        outcomes.push(
          existing.patients.has(group.patient.code)
            ? await writeGroup(tx, () => {}, context, group, existing)
            : (await planNewGroup(writable, context, group, existing, { write: false })).outcome,
        );
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return outcomes;
}

type Planned = Awaited<ReturnType<typeof planNewGroup>>;

/** Groups planned between two looks at the database's replies (about a millisecond's work). */
const PLAN_SLICE = 8;

/** A write batch's new patients planned before its transaction, and what the plans were made from. */
export type PreparedBatch = {
  groups: ImportedGroup[];
  /** planningInputs of the reads the plans were made from; null when none were made. */
  inputs: string | null;
  planned: Map<ImportedGroup, Planned>;
};

export async function prepareWriteBatch(
  db: Db,
  job: ImportJobRow,
  groups: ImportedGroup[],
): Promise<PreparedBatch> {
  const { context, existing, writable } = await readBatchInputs(db, job, groups);
  const planned = new Map<ImportedGroup, Planned>();
  if (writable instanceof ApiError) return { groups, inputs: null, planned };
  for (const [index, group] of groups.entries()) {
    // Planning awaits nothing that waits on I/O, so it would hold the thread until the whole batch
    // is planned; the batch being written before it is the job's critical path and goes on at each
    // of its database replies, so planning steps aside for them every few groups.
    if (index % PLAN_SLICE === PLAN_SLICE - 1) await yieldToIo();
    if (!existing.patients.has(group.patient.code))
      planned.set(group, await planNewGroup(writable, context, group, existing, { write: true }));
  }
  return { groups, inputs: planningInputs(writable, existing), planned };
}

/**
 * Writes a prepared batch in one audited transaction, together with the job's `resume_after`: a
 * batch is written whole or not at all, and a job whose process died resumes after it.
 */
export function commitWriteBatch(
  db: Db,
  job: ImportJobRow,
  prepared: PreparedBatch,
): Promise<GroupOutcome[]> {
  return auditedTransaction(db, async (tx, audit) => {
    const { groups } = prepared;
    const { context, existing, writable } = await readBatchInputs(tx, job, groups);
    const reuse = !(writable instanceof ApiError) && prepared.inputs === planningInputs(writable, existing);
    const outcomes: GroupOutcome[] = [];
    const plans: NewPatientPlan[] = [];
    for (const group of groups) {
      if (existing.patients.has(group.patient.code)) {
        outcomes.push(await writeGroup(tx, audit, context, group, existing));
        continue;
      }
      const planned =
        (reuse ? prepared.planned.get(group) : undefined) ??
        (await planNewGroup(writable, context, group, existing, { write: true }));
      outcomes.push(planned.outcome);
      if (planned.plan) plans.push(planned.plan);
    }
    // Plans exist only when the study could be opened for writing (planNewGroup).
    if (!(writable instanceof ApiError)) await insertNewPatients(tx, audit, context, writable, plans);
    await recordBatch(tx, audit, job, context, groups.length, outcomes);
    return outcomes;
  });
}

/** The batch's bookkeeping in its own transaction: the import row, late refusals, `resume_after`. */
async function recordBatch(
  tx: Tx,
  audit: AuditRecorder,
  job: ImportJobRow,
  { actor, meta }: ImportWriteContext,
  groupCount: number,
  outcomes: GroupOutcome[],
) {
  const groupsDone = job.resumeAfter + groupCount;
  // Nothing committed yet (a resumed job has committed batches, and its import row with them).
  if (job.resumeAfter === 0)
    // The import's own row: the file (name, SHA-256) and what its check found it would do; every
    // record the job writes points at it by its id (new_values.import_job).
    audit({
      action: "import",
      entityType: "import_job",
      entityId: job.id,
      studyId: job.studyId,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      newValues: {
        file_name: job.fileName,
        file_sha256: job.fileSha256,
        file_bytes: job.fileBytes,
        format: job.format,
        counts: job.counts,
      },
    });
  // A record its check passed may still be refused now (changed since by someone else): its
  // issues join the report, counted, in the batch's own transaction.
  const refused = outcomes.flatMap((outcome) => outcome.issues.filter((issue) => issue.blocking));
  if (refused.length > 0) {
    await appendIssues(tx, job.id, job.counts.issues, refused);
    job.counts = {
      ...job.counts,
      issues: job.counts.issues + refused.length,
      blocking_issues: job.counts.blocking_issues + refused.length,
    };
  }
  await tx
    .update(importJobs)
    .set({ resumeAfter: groupsDone, heartbeatAt: new Date(), counts: job.counts })
    .where(eq(importJobs.id, job.id));
  job.resumeAfter = groupsDone;
}

/**
 * Everything a new patient's plan reads besides the file: the study's configuration version, the
 * user's access in it, the study's medical groups and the codes removed patients hold. Two reads
 * with the same inputs plan every group the same (planNewGroup is pure over them).
 */
function planningInputs(study: ClinicalStudy, existing: ExistingRecords): string {
  return JSON.stringify([
    study.id,
    study.version,
    [...study.access.permissions].sort(),
    study.access.patientScope,
    existing.groupChoices,
    [...existing.takenCodes].sort(),
  ]);
}

/**
 * What a batch is checked, planned and written against: who writes (writeContext), the records the
 * study holds of the batch's codes, and the study opened for a clinical write, or the refusal every
 * record of the batch then gets.
 */
async function readBatchInputs(tx: Queryable, job: ImportJobRow, groups: readonly ImportedGroup[]) {
  const { context } = await writeContext(tx, job);
  const codes = groups.map((group) => group.patient.code);
  const existing = await readExistingRecords(tx, job.studyId, codes);
  const writable: ClinicalStudy | ApiError = await openClinicalStudy(
    tx,
    context.actor,
    job.studyId,
    "clinical.write",
  ).catch((error: unknown) => {
    if (error instanceof ApiError) return error;
    throw error;
  });
  return { context, existing, writable };
}

/**
 * Who writes: the job's user as they are now, through the study's own permission check, so a role
 * lowered, an account deactivated or a study locked since the job began stops it.
 */
export async function writeContext(tx: Queryable, job: ImportJobRow) {
  const [user] =
    job.createdBy === null ? [] : await tx.select().from(users).where(eq(users.id, job.createdBy));
  if (!user || !user.isActive) throw new Error(`Import job ${job.id}: its user is no longer active`);
  const actor: Actor = {
    userId: user.id,
    email: user.email,
    fullName: user.fullName,
    roleLevel: user.roleLevel,
    isSuperuser: user.isSuperuser,
    sessionId: null,
    via: "job",
    apiToken: null,
    mustChangePassword: false,
    mustEnrolSecondFactor: false,
    locale: user.locale ?? null,
    heard: false,
  };
  const study = await openClinicalStudy(tx, actor, job.studyId, "clinical.import");
  const { words } = await translatorFor(job.locale === "it" ? "it" : "en");
  const context: ImportWriteContext = {
    actor,
    studyId: job.studyId,
    meta: { ip: null, userAgent: null, ...(job.apiToken ? { apiToken: job.apiToken } : {}) },
    reason: words(messageRef("api.imports.changeReason", { file: job.fileName, job: job.id })),
    importJobId: job.id,
  };
  return { study, context };
}
