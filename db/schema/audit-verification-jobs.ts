import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { inList } from "./sql-helpers";

export const VERIFICATION_JOB_STATES = ["running", "done", "failed", "interrupted"] as const;
export type VerificationJobState = (typeof VERIFICATION_JOB_STATES)[number];

export type VerificationFinding = { kind: string; row_id: number | null; message: string };

/**
 * Chain verifications started from the Audit Logs page, kept in the database so that a run and its
 * result outlive the process and are seen by every server behind a balancer. A run whose process
 * died stays 'running' with a heartbeat that stops: it is then shown (and stored) as 'interrupted'.
 */
export const auditVerificationJobs = pgTable(
  "audit_verification_jobs",
  {
    id: text("id").primaryKey(),
    state: text("state").$type<VerificationJobState>().notNull(),
    startedBy: integer("started_by"),
    startedAt: timestamp("started_at", { withTimezone: true, precision: 3 }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true, precision: 3 }),
    /** Moved forward while the run makes progress; a stale one means its process is gone. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, precision: 3 }).notNull(),
    totalRows: bigint("total_rows", { mode: "number" }).notNull(),
    rowsChecked: bigint("rows_checked", { mode: "number" }).notNull().default(0),
    ok: boolean("ok"),
    firstBrokenRowId: bigint("first_broken_row_id", { mode: "number" }),
    findings: jsonb("findings").$type<VerificationFinding[]>().notNull().default([]),
    error: text("error"),
  },
  (t) => [
    check("audit_verification_jobs_state_check", inList(t.state, VERIFICATION_JOB_STATES)),
    // One run at a time, whichever server starts it.
    uniqueIndex("audit_verification_jobs_one_running")
      .on(t.state)
      .where(sql`${t.state} = 'running'`),
    index("audit_verification_jobs_started_idx").on(t.startedAt),
  ],
);
