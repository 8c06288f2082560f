import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { studies } from "./studies";

/**
 * The study dashboard's figures, summed per bucket of the patient scope (decision 0009: dashboards
 * from maintained aggregates). One row per (study, medical group, creator, sex): every scope of
 * policy.ts is a filter on these keys (all: the study's rows; group: one group key; own patients:
 * one creator key), so a dashboard adds up a handful of rows instead of every patient.
 *
 * Maintained by the database, not by code: statement triggers on `patients` (migration 0006) move
 * the figures (patients.visit_count …) of the rows each statement wrote between buckets, so no
 * write path can forget it. A bucket is a hot row: clinical writes update the patient's figures as
 * their last statement before the audit append, so it stays locked only for the commit's round
 * trips. A missing group or creator is key 0 (ids start at 1).
 */
export const patientFigureTotals = pgTable(
  "patient_figure_totals",
  {
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    medicalGroupKey: integer("medical_group_key").notNull(),
    creatorKey: integer("creator_key").notNull(),
    sex: text("sex").notNull(),
    patients: integer("patients").notNull(),
    visits: integer("visits").notNull(),
    adverseEvents: integer("adverse_events").notNull(),
    seriousAdverseEvents: integer("serious_adverse_events").notNull(),
    efficacyEvaluated: integer("efficacy_evaluated").notNull(),
    efficacyAchieved: integer("efficacy_achieved").notNull(),
    therapyLines: integer("therapy_lines").notNull(),
    activeTherapies: integer("active_therapies").notNull(),
    // Form statuses (decision 0031): the patients' records and their visits, per status but in
    // progress (the rest of patients / visits). Migration 0020 extends the trigger to them.
    patientsComplete: integer("patients_complete").notNull().default(0),
    patientsVerified: integer("patients_verified").notNull().default(0),
    visitsComplete: integer("visits_complete").notNull().default(0),
    visitsVerified: integer("visits_verified").notNull().default(0),
    visitsLocked: integer("visits_locked").notNull().default(0),
    // Data queries by status (migration 0022).
    queriesOpen: integer("queries_open").notNull().default(0),
    queriesAnswered: integer("queries_answered").notNull().default(0),
    queriesClosed: integer("queries_closed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.medicalGroupKey, t.creatorKey, t.sex] })],
);
