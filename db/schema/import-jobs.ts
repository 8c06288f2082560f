import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { inList } from "./sql-helpers";
import { studies } from "./studies";
import { users } from "./users";
import {
  EMPTY_IMPORT_COUNTS,
  IMPORT_FORMATS,
  IMPORT_JOB_STATES,
  IMPORT_MODES,
  type ImportCounts,
  type ImportJobState,
  type ImportMode,
} from "../../lib/schemas/import-jobs";
import type { ImportFormat } from "../../lib/imports/import-formats";

/**
 * A bulk import (docs/decisions/0037-bulk-import.md): a row per preview or apply, so a job, its
 * progress and its report outlive the process that runs it. The file stays in the server's import
 * directory under `file_key` while the job may still need it. An apply's batches each commit
 * together with `resume_after` (the last patient group written), so a job whose process died
 * resumes after its last committed batch.
 */
export const importJobs = pgTable(
  "import_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    format: text("format").$type<ImportFormat>().notNull(),
    mode: text("mode").$type<ImportMode>().notNull(),
    state: text("state").$type<ImportJobState>().notNull(),
    /** An apply checks the whole file first ('check'), then writes it ('write'). */
    phase: text("phase").$type<"check" | "write">().notNull().default("check"),
    /** The CSV dialect (comma / semicolon), detected from the header when not given. */
    csvFormat: text("csv_format"),
    eventMap: jsonb("event_map").$type<Record<string, string>>(),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key").notNull(),
    fileSha256: text("file_sha256").notNull(),
    fileBytes: bigint("file_bytes", { mode: "number" }).notNull(),
    previewJobId: integer("preview_job_id"),
    /**
     * The study configuration version the job's check pass ran with from start to end (null until
     * then, or when the configuration changed during it).
     */
    checkedStudyVersion: integer("checked_study_version"),
    /** An apply that took its preview's check as its own (decision 0037): it writes at once. */
    checkReused: boolean("check_reused").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id),
    /** The personal API token the job was started with, named on its audit rows (decision 0036). */
    apiToken: text("api_token"),
    /** The words the apply's reasons for change are written in (the starting request's language). */
    locale: text("locale").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
    /** Moved forward while the job runs; a stale one means its process is gone. */
    heartbeatAt: instant("heartbeat_at"),
    rowsDone: bigint("rows_done", { mode: "number" }).notNull().default(0),
    bytesDone: bigint("bytes_done", { mode: "number" }).notNull().default(0),
    /** Patient groups of the file fully written (apply) or checked (preview). */
    groupsDone: integer("groups_done").notNull().default(0),
    /** Apply: groups of the file up to this one are committed; a resumed job skips them. */
    resumeAfter: integer("resume_after").notNull().default(0),
    counts: jsonb("counts").$type<ImportCounts>().notNull().default(EMPTY_IMPORT_COUNTS),
    events: jsonb("events").$type<{ event: string; visit_type: string | null; rows: number }[]>(),
    ignoredColumns: jsonb("ignored_columns").$type<string[]>(),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    error: text("error"),
  },
  (t) => [
    check("import_jobs_state_check", inList(t.state, IMPORT_JOB_STATES)),
    check("import_jobs_mode_check", inList(t.mode, IMPORT_MODES)),
    check("import_jobs_format_check", inList(t.format, IMPORT_FORMATS)),
    check("import_jobs_phase_check", sql`${t.phase} in ('check', 'write')`),
    // The Imports screen lists a study's jobs newest first.
    index("import_jobs_study_idx").on(t.studyId, t.id),
    // Jobs to resume or mark interrupted after a restart.
    index("import_jobs_running_idx")
      .on(t.state)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/** Every issue of a job's report, in the order found (row, then column). */
export const importIssues = pgTable(
  "import_issues",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => importJobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    row: integer("row"),
    column: text("column"),
    field: text("field"),
    code: text("code").notNull(),
    /** A catalogue reference (lib/i18n/message-ref.ts), put into words in the reader's language. */
    message: text("message").notNull(),
    blocking: boolean("blocking").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
