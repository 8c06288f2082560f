import "server-only";
import type { Db } from "@/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { messageRef } from "@/lib/i18n/message-ref";
import {
  FINISHED_IMPORT_STATES,
  ImportStartFields,
  type ImportJobListResponse,
  type ImportJobResponse,
} from "@/lib/schemas/import-jobs";
import { zodMessage } from "@/lib/schemas/zod-messages";
import { ApiError, conflict, forbidden, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { auditedTransaction } from "../audit/audit-writer";
import { openClinicalStudy, type ClinicalStudy } from "../clinical/clinical-study";
import { canonicalJson } from "../audit/hash-chain";
import { receiveImportUpload, removeImportFile } from "./import-files";
import {
  copyIssues,
  findImportJob,
  firstIssues,
  insertImportJob,
  listImportJobs,
  toIssueResponse,
  toJobResponse,
  updateImportJob,
  type ImportJobRow,
} from "./import-job-queries";
import { startImportRun } from "./import-runner";

/**
 * Bulk import jobs of a study (docs/decisions/0037-bulk-import.md): started from an uploaded file
 * or from an earlier preview's file, read back with their report, cancelled. Every call needs the
 * study's import permission (data managers, principal investigators, administrators): a job's
 * report shows the study's data.
 */

const JOBS_LISTED = 50;

/**
 * The study, for an actor who may import into it. Reading jobs and their reports goes on while the
 * study is locked (like exports, decision 0034); starting or cancelling one is a write, refused
 * with 423 then.
 */
export async function openImports(db: Db, actor: Actor, studyId: number, use: "read" | "write") {
  if (use === "write") return openClinicalStudy(db, actor, studyId, "clinical.import");
  const study = await openClinicalStudy(db, actor, studyId, "clinical.read");
  if (!study.access.permissions.has("clinical.import"))
    throw forbidden(messageRef("api.imports.importRole"), {
      studyId,
      entityType: "study",
      entityId: studyId,
    });
  return study;
}

export async function startImport(
  db: Db,
  actor: Actor,
  studyId: number,
  req: Request,
  meta: RequestMeta,
  locale: Locale,
): Promise<ImportJobResponse> {
  // Refused before a byte of the file is read: a stranger's upload never reaches the disk.
  const study = await openImports(db, actor, studyId, "write");
  const upload = await receiveImportUpload(req);
  const parsed = ImportStartFields.safeParse(upload.fields, { error: zodMessage });
  try {
    if (!parsed.success)
      throw new ApiError(
        "validation",
        parsed.error.issues.map((issue) => ({
          loc: ["body", ...issue.path.map(String)],
          msg: issue.message,
          type: issue.code,
        })),
      );
    const fields = parsed.data;
    const source = await fileOfJob(db, studyId, fields, upload.file);
    const reuse =
      fields.mode === "apply" && "preview" in source ? reusableCheck(study, source.preview, fields) : null;
    const job = await auditedTransaction(db, async (tx, audit) => {
      const row = await insertImportJob(tx, {
        ...(reuse && {
          phase: "write" as const,
          checkReused: true,
          checkedStudyVersion: reuse.checkedStudyVersion,
          counts: reuse.counts,
          events: reuse.events,
          ignoredColumns: reuse.ignoredColumns,
        }),
        studyId,
        format: fields.format,
        mode: fields.mode,
        state: "queued",
        eventMap: fields.event_map ?? null,
        fileName: source.name,
        fileKey: source.key,
        fileSha256: source.sha256,
        fileBytes: source.bytes,
        previewJobId: fields.preview_job_id ?? null,
        createdBy: actor.userId,
        apiToken: meta.apiToken ?? null,
        locale,
      });
      if (reuse) await copyIssues(tx, reuse.id, row.id);
      // Who brought which file into the study, before anything of it is read.
      audit({
        action: "create",
        entityType: "import_job",
        entityId: row.id,
        studyId,
        actor: { userId: actor.userId, email: actor.email },
        meta,
        newValues: {
          mode: row.mode,
          format: row.format,
          file_name: row.fileName,
          file_sha256: row.fileSha256,
          file_bytes: row.fileBytes,
        },
      });
      return row;
    });
    startImportRun(db, job.id);
    return toJobResponse({ ...job, createdByEmail: actor.email }, [], new Date());
  } catch (error) {
    // A refused start keeps no file; a file a job reuses belongs to that job.
    if (upload.file) await removeImportFile(upload.file.key);
    throw error;
  }
}

/** The uploaded file, or the file of the preview named by `preview_job_id` (exactly one of them). */
async function fileOfJob(
  db: Db,
  studyId: number,
  fields: ImportStartFields,
  file: Awaited<ReturnType<typeof receiveImportUpload>>["file"],
) {
  if (fields.preview_job_id === undefined) {
    if (!file || file.bytes === 0)
      throw new ApiError("validation", [
        { loc: ["body", "file"], msg: messageRef("api.imports.fileRequired"), type: "missing" },
      ]);
    return file;
  }
  if (file)
    throw new ApiError("validation", [
      { loc: ["body", "file"], msg: messageRef("api.imports.fileOrPreview"), type: "conflict" },
    ]);
  const preview = await findImportJob(db, studyId, fields.preview_job_id);
  if (!preview) throw notFound(messageRef("api.imports.jobNotFound"));
  if (preview.mode !== "preview" || preview.state !== "previewed" || preview.format !== fields.format)
    throw conflict(messageRef("api.imports.previewNotUsable"));
  return {
    key: preview.fileKey,
    name: preview.fileName,
    bytes: preview.fileBytes,
    sha256: preview.fileSha256,
    preview,
  };
}

/**
 * An apply of a preview takes the preview's check as its own, and writes at once (decision 0037),
 * when that check is still the answer: it found no blocking issue, it ran from start to end with
 * the study's configuration as it is now, and the event map is the same. Otherwise the apply checks
 * the file again. (Records changed since by someone else are still refused one by one when
 * written, as after an apply's own check.) The runner compares the configuration once more when it
 * starts the job.
 */
function reusableCheck(
  study: ClinicalStudy,
  preview: ImportJobRow,
  fields: ImportStartFields,
): ImportJobRow | null {
  if (preview.counts.blocking_issues > 0 || preview.checkedStudyVersion !== study.version) return null;
  return canonicalJson(preview.eventMap ?? {}) === canonicalJson(fields.event_map ?? {}) ? preview : null;
}

/** A job of the study, for an actor who may import into it; another study's job is not found. */
export async function openImportJob(
  db: Db,
  actor: Actor,
  studyId: number,
  jobId: number,
  use: "read" | "write",
) {
  await openImports(db, actor, studyId, use);
  const job = await findImportJob(db, studyId, jobId);
  if (!job) throw notFound(messageRef("api.imports.jobNotFound"));
  return job;
}

export async function getImport(
  db: Db,
  actor: Actor,
  studyId: number,
  jobId: number,
  words: (text: string) => string,
): Promise<ImportJobResponse> {
  const job = await openImportJob(db, actor, studyId, jobId, "read");
  const issues = (await firstIssues(db, job.id)).map((row) => toIssueResponse(row, words));
  return inWords(toJobResponse(job, issues, new Date()), words);
}

export async function listImports(
  db: Db,
  actor: Actor,
  studyId: number,
  words: (text: string) => string,
): Promise<ImportJobListResponse> {
  await openImports(db, actor, studyId, "read");
  const jobs = await listImportJobs(db, studyId, JOBS_LISTED);
  return {
    items: jobs.map((job) => {
      const { issues: _none, ...rest } = inWords(toJobResponse(job, [], new Date()), words);
      return rest;
    }),
  };
}

/**
 * Asks a job to stop: a queued one stops at once, a running one after its current batch (a
 * batch is written whole or not at all; the batches before it stay, and the job says how far it
 * came). Audited as a change of the job.
 */
export async function cancelImport(
  db: Db,
  actor: Actor,
  studyId: number,
  jobId: number,
  meta: RequestMeta,
  words: (text: string) => string,
): Promise<ImportJobResponse> {
  const job = await openImportJob(db, actor, studyId, jobId, "write");
  await auditedTransaction(db, async (tx, audit) => {
    if (FINISHED_IMPORT_STATES.includes(job.state)) throw conflict(messageRef("api.imports.alreadyFinished"));
    await updateImportJob(
      tx,
      job.id,
      job.state === "queued"
        ? { cancelRequested: true, state: "cancelled", finishedAt: new Date() }
        : { cancelRequested: true },
    );
    audit({
      action: "update",
      entityType: "import_job",
      entityId: job.id,
      studyId,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      oldValues: { cancel_requested: false },
      newValues: { cancel_requested: true },
    });
  });
  return getImport(db, actor, studyId, jobId, words);
}

function inWords(job: ImportJobResponse, words: (text: string) => string): ImportJobResponse {
  return { ...job, error: job.error === null ? null : words(job.error) };
}
