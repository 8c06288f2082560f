/**
 * Bulk import jobs (docs/decisions/0037-bulk-import.md): their states, modes and the API's bodies
 * and answers. Pure: the database's check constraints, the API and the Imports screen share them.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { IMPORT_FORMATS } from "@/lib/imports/import-formats";
import { CSV_FORMATS } from "@/lib/csv/csv-cells";
import { idOf } from "./patients";

export { IMPORT_FORMATS };

export const IMPORT_MODES = ["preview", "apply"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/**
 * queued → running → previewed (a preview's report is ready) | applied | blocked (an apply whose
 * preview found a blocking issue: nothing written) | failed | cancelled. `interrupted`: the process
 * died mid-way; an apply resumes after its last committed batch (each batch commits whole or not
 * at all), a preview starts again.
 */
export const IMPORT_JOB_STATES = [
  "queued",
  "running",
  "previewed",
  "applied",
  "blocked",
  "failed",
  "cancelled",
  "interrupted",
] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

/** States in which the job will not move again. */
export const FINISHED_IMPORT_STATES: readonly ImportJobState[] = [
  "previewed",
  "applied",
  "blocked",
  "failed",
  "cancelled",
];

/** The largest file an import takes, counted while it streams in. */
export const MAX_IMPORT_FILE_BYTES = 200 * 1024 * 1024;

/** What an import would do (a preview) or did (an apply), record by record. */
export const ImportCounts = z.object({
  rows: z.number().int(),
  patients_create: z.number().int(),
  patients_update: z.number().int(),
  patients_unchanged: z.number().int(),
  visits_create: z.number().int(),
  visits_update: z.number().int(),
  visits_unchanged: z.number().int(),
  /** Records refused for a blocking issue (a preview: would be refused). */
  patients_refused: z.number().int(),
  visits_refused: z.number().int(),
  issues: z.number().int(),
  blocking_issues: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const EMPTY_IMPORT_COUNTS: ImportCounts = {
  rows: 0,
  patients_create: 0,
  patients_update: 0,
  patients_unchanged: 0,
  visits_create: 0,
  visits_update: 0,
  visits_unchanged: 0,
  patients_refused: 0,
  visits_refused: 0,
  issues: 0,
  blocking_issues: 0,
};

export const ImportIssueResponse = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  field: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  blocking: z.boolean(),
});
export type ImportIssueResponse = z.infer<typeof ImportIssueResponse>;

export const ImportEventMapping = z.object({
  event: z.string(),
  visit_type: z.string().nullable(),
  rows: z.number().int(),
});

export const ImportJobResponse = z.object({
  id: z.number().int(),
  study_id: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  mode: z.enum(IMPORT_MODES),
  state: z.enum(IMPORT_JOB_STATES),
  file_name: z.string(),
  file_sha256: z.string(),
  file_bytes: z.number().int(),
  /** The preview this apply was started from, when it reused the preview's file. */
  preview_job_id: z.number().int().nullable(),
  /** The apply took its preview's check as its own: the file was not checked again (decision 0037). */
  check_reused: z.boolean(),
  created_by: z.number().int().nullable(),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Records of the file read so far (the header is not counted). */
  rows_done: z.number().int(),
  /** Measured over the run so far; null before the first batch. */
  rows_per_second: z.number().nullable(),
  /** Seconds left at the current rate, when the file's size says how far it has come. */
  eta_seconds: z.number().nullable(),
  /** Share of the file's bytes read, 0 to 1. */
  progress: z.number(),
  counts: ImportCounts,
  events: z.array(ImportEventMapping),
  ignored_columns: z.array(z.string()),
  /** The first issues (at most ISSUES_IN_ANSWER); the rest are in the CSV of issues. */
  issues: z.array(ImportIssueResponse),
  error: z.string().nullable(),
});
export type ImportJobResponse = z.infer<typeof ImportJobResponse>;

/** How many issues a job's answer lists; the CSV of issues has them all. */
export const ISSUES_IN_ANSWER = 200;

export const ImportJobListResponse = z.object({ items: z.array(ImportJobResponse.omit({ issues: true })) });
export type ImportJobListResponse = z.infer<typeof ImportJobListResponse>;

/** The form fields of `POST /api/studies/{id}/imports` beside the file (multipart). */
export const ImportStartFields = z.object({
  format: z.enum(IMPORT_FORMATS, { error: () => messageRef("api.imports.formatInvalid") }),
  mode: z.enum(IMPORT_MODES, { error: () => messageRef("api.imports.modeInvalid") }),
  csv_format: z.enum(CSV_FORMATS).optional(),
  /** REDCap event name → visit type code, overriding the automatic mapping (JSON text). */
  event_map: z
    .string()
    .max(20_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return undefined;
      try {
        const parsed = z.record(z.string().max(200), z.string().max(50)).safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: "custom", message: messageRef("api.imports.eventMapInvalid") });
      return z.NEVER;
    }),
  /** Apply the file of this earlier preview instead of uploading it again. */
  preview_job_id: z.coerce.number().int().positive().optional(),
});
export type ImportStartFields = z.infer<typeof ImportStartFields>;

export const ImportJobParams = z.object({
  id: idOf(messageRef("api.labels.studyId")),
  jobId: idOf(messageRef("api.labels.importJobId")),
});
export type ImportJobParams = z.infer<typeof ImportJobParams>;
