import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, deletedAt, instant, updatedAt, version } from "./columns";
import { inList } from "./sql-helpers";
import { FORM_STATUSES, type FormStatus, type Verification } from "../../lib/schemas/data-review";
import { medicalGroups } from "./medical-groups";
import { studies } from "./studies";
import { users } from "./users";

export const patients = pgTable(
  "patients",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    code: text("code").notNull(),
    birthDate: date("birth_date").notNull(),
    sex: text("sex").$type<"M" | "F">().notNull(),
    heightCm: doublePrecision("height_cm"),
    weightKg: doublePrecision("weight_kg"),
    // Three-state (decision 0023): null is a question not asked or not answered, never "no".
    naiveSystemic: boolean("naive_systemic"),
    naiveBiologic: boolean("naive_biologic"),
    // Study-defined values, checked against the study's patient fields on every write.
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>().notNull().default({}),
    // Field name → the study's missing-data code given instead of a value (decision 0023).
    missing: jsonb("missing").$type<Record<string, string>>().notNull().default({}),
    // The soft plausibility warnings the user confirmed at the last write (decision 0024).
    confirmedWarnings: jsonb("confirmed_warnings").$type<unknown[]>().notNull().default([]),
    // The group must be one of this study's groups: see the composite foreign key below.
    medicalGroupId: integer("medical_group_id"),
    // Data review of the patient record itself (decision 0031), as on visits.
    formStatus: text("form_status").$type<FormStatus>().notNull().default("in_progress"),
    completedAt: instant("completed_at"),
    completedBy: integer("completed_by").references(() => users.id),
    verification: jsonb("verification").$type<Verification>().notNull().default({}),
    createdBy: integer("created_by").references(() => users.id),
    // The dashboard's figures per patient, maintained by lib/server/clinical/patient-summary.ts in
    // the transaction of every visit write (decision 0009: dashboards from maintained aggregates),
    // so the study dashboard reads one row per patient instead of every visit.
    visitCount: integer("visit_count").notNull().default(0),
    adverseEventCount: integer("adverse_event_count").notNull().default(0),
    seriousAdverseEventCount: integer("serious_adverse_event_count").notNull().default(0),
    /** The study's efficacy calculation gave a yes/no answer at some visit / held at some visit. */
    efficacyEvaluated: boolean("efficacy_evaluated").notNull().default(false),
    efficacyAchieved: boolean("efficacy_achieved").notNull().default(false),
    therapyLineCount: integer("therapy_line_count").notNull().default(0),
    hasActiveLine: boolean("has_active_line").notNull().default(false),
    // The visit schedule's next planned visit not yet done (decision 0025), maintained with the
    // figures above so the patients list sorts on it and the overdue list reads an index.
    nextVisitType: text("next_visit_type"),
    nextVisitDue: date("next_visit_due"),
    nextVisitWindowEnd: date("next_visit_window_end"),
    // Enrolment: the earliest live visit's date (decision 0028), maintained with the figures above;
    // null before any visit. Not created_at, which is when the row was typed in.
    enrolledOn: date("enrolled_on"),
    // The patient's live visits by form status (decision 0031), maintained with the figures above
    // so the dashboard counts them from patient_figure_totals; in progress is the rest.
    visitsComplete: integer("visits_complete").notNull().default(0),
    visitsVerified: integer("visits_verified").notNull().default(0),
    visitsLocked: integer("visits_locked").notNull().default(0),
    // The patient's data queries by status (decisions 0030, 0031), moved by each query step in its
    // transaction, so the dashboard counts them from patient_figure_totals, not from every query.
    queriesOpen: integer("queries_open").notNull().default(0),
    queriesAnswered: integer("queries_answered").notNull().default(0),
    queriesClosed: integer("queries_closed").notNull().default(0),
    // A patient frozen by a principal investigator or an admin (decision 0034): all their data
    // read-only until unlocked with a reason. Who and why are in the audit trail.
    lockedAt: instant("locked_at"),
    lockedBy: integer("locked_by"),
    // The patient's valid signatures, on the casebook and on visits (decision 0032): a write of
    // the patient's data looks for signatures to invalidate only when there are some.
    signaturesValid: integer("signatures_valid").notNull().default(0),
    // Optimistic concurrency (decision 0007): updates name the version they were based on.
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Clinical records are never erased: deletion is a timestamp plus an audit entry.
    deletedAt: deletedAt(),
  },
  (t) => [
    unique("patients_study_code_key").on(t.studyId, t.code),
    // Target of the composite keys of visits and therapy lines (decision 0004).
    unique("patients_id_study_key").on(t.id, t.studyId),
    foreignKey({
      name: "patients_group_same_study_fk",
      columns: [t.medicalGroupId, t.studyId],
      foreignColumns: [medicalGroups.id, medicalGroups.studyId],
    }),
    check("patients_sex_check", sql`${t.sex} in ('M', 'F')`),
    check("patients_form_status_check", inList(t.formStatus, FORM_STATUSES)),
    // The patients list filtered by the record's form status, in enrolment order.
    index("patients_study_form_status_idx")
      .on(t.studyId, t.formStatus, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The list: enrolment order (keyset-friendly with id as tie-breaker), code prefix search, and
    // the two narrowed scopes (group, own patients), each in enrolment order.
    index("patients_study_created_idx").on(t.studyId, t.createdAt, t.id),
    // A code prefix search reads its matches' (code, id) from this index alone, live rows only
    // (without id and the live filter the planner preferred walking the whole study in code order
    // and filtering: 15 ms for a 4-character prefix at 100k patients, against 0.05 ms here).
    index("patients_study_code_prefix_idx")
      .on(t.studyId, t.code.op("text_pattern_ops"), t.id)
      .where(sql`${t.deletedAt} is null`),
    // The list in code order reads its page's (code, id) from this index alone, live rows only: no
    // heap visit per skipped row (page=900 of 100 at 100k patients: 240 → 16 ms on PostgreSQL 15)
    // and no sort on id after code (page 1 and the keyset cursor: an index-only seek).
    index("patients_study_code_live_idx")
      .on(t.studyId, t.code, t.id)
      .where(sql`${t.deletedAt} is null`),
    index("patients_study_group_idx").on(t.studyId, t.medicalGroupId, t.createdAt, t.id),
    index("patients_study_creator_idx").on(t.studyId, t.createdBy, t.createdAt, t.id),
    index("patients_study_next_visit_idx")
      .on(t.studyId, t.nextVisitDue, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The list in enrolment order (nulls, patients without a visit, at the end going up).
    index("patients_study_enrolled_idx")
      .on(t.studyId, t.enrolledOn, t.id)
      .where(sql`${t.deletedAt} is null`),
    index("patients_study_overdue_idx")
      .on(t.studyId, t.nextVisitWindowEnd, t.id)
      .where(sql`${t.deletedAt} is null and ${t.nextVisitWindowEnd} is not null`),
  ],
);

export const therapyLines = pgTable(
  "therapy_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    // The patient must be in the line's study: see the composite foreign key below.
    patientId: integer("patient_id").notNull(),
    lineNumber: integer("line_number").notNull(),
    therapyName: text("therapy_name"),
    startDate: date("start_date"),
    endDate: date("end_date"),
    switchReason: text("switch_reason"),
    switchData: jsonb("switch_data").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("therapy_lines_patient_line_key").on(t.patientId, t.lineNumber),
    // Target of visits' composite key: a visit's line belongs to the visit's patient.
    unique("therapy_lines_id_patient_key").on(t.id, t.patientId),
    foreignKey({
      name: "therapy_lines_patient_same_study_fk",
      columns: [t.patientId, t.studyId],
      foreignColumns: [patients.id, patients.studyId],
    }),
    check("therapy_lines_line_number_check", sql`${t.lineNumber} >= 1`),
    index("therapy_lines_study_idx").on(t.studyId),
  ],
);
