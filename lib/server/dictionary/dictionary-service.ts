import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { utcFileStamp } from "@/lib/download-stamp";
import { studies } from "@/db/schema";
import {
  dictionaryCsv,
  parseDictionaryCsv,
  planDictionaryImport,
  type DictionaryPlan,
} from "@/lib/dictionary";
import type {
  DictionaryImportBody,
  DictionaryImportResponse,
  DictionaryIssue,
  DictionaryPreviewBody,
  DictionaryPreviewResponse,
} from "@/lib/schemas/data-dictionary";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { compatibilityInWords } from "@/lib/forms/config-compatibility";
import { notFound, validationError } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { requireStudyPermission, requireStudyPermissionToRead } from "../auth/study-access";
import { auditedTransaction, recordAudit } from "../audit/audit-writer";
import { studyHasPatients } from "../clinical/compatibility-queries";
import { assertVersion } from "../concurrency/versioned-update";
import { compatibilityWithLive } from "../studies/protocol-versions/version-service";
import { readConfig } from "../studies/stored-config";
import { findStudyById, type StudyRow } from "../studies/study-queries";
import { updateStudyInTransaction } from "../studies/study-service";

/**
 * The data dictionary of a study (decision 0016, docs/data-dictionary.md): the CSV download, the preview
 * of an import and the import itself. The plan is lib/dictionary's, the very code the editor runs;
 * the import writes through updateStudy's rules (config schema, version check, protocol-version
 * governance) in one audited transaction with its own `import` row.
 */

const actorOf = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

/** data_dictionary_{code}_{20261125T151500Z}.csv: the time in UTC, no characters a filename refuses. */
export function dictionaryFileName(code: string, now: Date): string {
  return `data_dictionary_${code.replace(/[^A-Za-z0-9_-]/g, "_")}_${utcFileStamp(now)}.csv`;
}

/** GET /api/studies/{id}/data-dictionary: the CSV, to readers of the study; audited as an export. */
export async function exportDataDictionary(db: Db, actor: Actor, studyId: number, meta: RequestMeta) {
  const study = await findStudyById(db, studyId);
  if (!study) throw notFound(messageRef("api.studies.notFound"));
  await requireStudyPermission(db, actor, studyId, "study.read");
  const config = readConfig(study);
  const csv = dictionaryCsv(config, contentLanguage(study));
  await recordAudit(db, {
    action: "export",
    entityType: "study",
    entityId: studyId,
    studyId,
    actor: actorOf(actor),
    meta,
    newValues: {
      kind: "data_dictionary",
      fields: config.data_fields.length,
      calculations: config.calculations.length,
    },
  });
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${dictionaryFileName(study.code, new Date())}"`,
    },
  });
}

/** The language of a study's plain texts: its default language, else English (decision 0022). */
function contentLanguage(study: { defaultLanguage: Locale | null }): Locale {
  return study.defaultLanguage ?? DEFAULT_LOCALE;
}

function planFor(study: StudyRow, csv: string): DictionaryPlan {
  const language = contentLanguage(study);
  const parsed = parseDictionaryCsv(csv, language);
  if (parsed.issues.length) return { config: null, changes: [], issues: parsed.issues };
  return planDictionaryImport(readConfig(study), parsed.rows, language, parsed.absent);
}

/**
 * POST …/data-dictionary/preview: what the import would do, its problems, and — once the study has
 * patients — what the change would do to the stored data. Writes nothing.
 */
export async function previewDataDictionary(
  db: Db,
  actor: Actor,
  studyId: number,
  body: DictionaryPreviewBody,
  words: (text: string) => string,
): Promise<DictionaryPreviewResponse> {
  const study = await findStudyById(db, studyId);
  if (!study) throw notFound(messageRef("api.studies.notFound"));
  // A preview changes nothing: it works in a locked study (decision 0034).
  await requireStudyPermissionToRead(db, actor, studyId, "study.configure");
  const live = readConfig(study);
  const plan = planFor(study, body.csv);
  const compatibility =
    plan.config && (await studyHasPatients(db, studyId))
      ? await compatibilityWithLive(db, studyId, live, plan.config)
      : null;
  // A 200 answer is not put into words by the error mapper: its messages are, here (decision 0021).
  const issues = plan.issues.map((issue) => ({ ...issue, message: words(issue.message) }));
  return {
    changes: plan.changes,
    issues,
    compatibility: compatibility && compatibilityInWords(compatibility, words),
    version: study.version,
  };
}

/** A problem with its place in the file ("Row 3, choices: …"), a reference (decision 0021). */
function issueWithPlace({ row, column, message }: DictionaryIssue): string {
  if (row === null)
    return column
      ? messageRef("api.dictionary.inFileColumn", { column, message })
      : messageRef("api.dictionary.inFile", { message });
  return column
    ? messageRef("api.dictionary.atRowColumn", { row: String(row), column, message })
    : messageRef("api.dictionary.atRow", { row: String(row), message });
}

/** A file's problems as the 422 detail: loc body › csv › row › column, the message naming both. */
function issuesDetail(issues: DictionaryIssue[]) {
  return issues.map((issue) => ({
    loc: ["body", "csv", ...(issue.row === null ? [] : [issue.row]), ...(issue.column ? [issue.column] : [])],
    msg: issueWithPlace(issue),
    type: "data_dictionary",
  }));
}

/** POST …/data-dictionary/import: the plan applied through updateStudy, audited as `import`. */
export async function importDataDictionary(
  db: Db,
  actor: Actor,
  studyId: number,
  body: DictionaryImportBody,
  meta: RequestMeta,
): Promise<DictionaryImportResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const [current] = await tx.select().from(studies).where(eq(studies.id, studyId)).for("update");
    if (!current) throw notFound(messageRef("api.studies.notFound"));
    await requireStudyPermission(tx, actor, studyId, "study.configure");
    assertVersion("study", current, body.version);
    const plan = planFor(current, body.csv);
    if (!plan.config) throw validationError(issuesDetail(plan.issues));
    const saved = await updateStudyInTransaction(
      tx,
      audit,
      actor,
      studyId,
      { version: body.version, config: plan.config },
      meta,
    );
    const count = (status: string) =>
      plan.changes.filter((c) => c.kind !== "category" && c.status === status).length;
    const result = {
      created: count("created"),
      updated: count("updated"),
      unchanged: count("unchanged"),
      kept: count("kept"),
      version: saved.version,
    };
    audit({
      action: "import",
      entityType: "study",
      entityId: studyId,
      studyId,
      actor: actorOf(actor),
      meta,
      newValues: {
        kind: "data_dictionary",
        created: result.created,
        updated: result.updated,
        unchanged: result.unchanged,
        kept: result.kept,
        categories_created: plan.changes.filter((c) => c.kind === "category").length,
      },
    });
    return result;
  });
}
