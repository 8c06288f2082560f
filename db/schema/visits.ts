import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, deletedAt, instant, updatedAt, version } from "./columns";
import { patients, therapyLines } from "./patients";
import { protocolVersions, studies } from "./studies";
import { users } from "./users";
import { inList } from "./sql-helpers";
import { FORM_STATUSES, type FormStatus, type Verification } from "../../lib/schemas/data-review";

export const visits = pgTable(
  "visits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // Denormalized from the patient so every visit query can filter by study directly; the
    // composite key below keeps it equal to the patient's study.
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    patientId: integer("patient_id").notNull(),
    // A line of this visit's own patient (composite key below).
    therapyLineId: integer("therapy_line_id"),
    visitNumber: integer("visit_number").notNull(),
    visitDate: date("visit_date").notNull(),
    visitType: text("visit_type").notNull(),
    dataFields: jsonb("data_fields").$type<Record<string, unknown>>().notNull().default({}),
    // Field name → the study's missing-data code given instead of a value (decision 0023).
    missing: jsonb("missing").$type<Record<string, string>>().notNull().default({}),
    // The soft plausibility warnings the user confirmed at the last write (decision 0024).
    confirmedWarnings: jsonb("confirmed_warnings").$type<unknown[]>().notNull().default([]),
    // The study's calculations over data_fields, computed by the server at the last write, and the
    // study configuration version they were computed with.
    calculatedValues: jsonb("calculated_values").$type<Record<string, unknown>>().notNull().default({}),
    // Why each calculation without a value has none, as the engine said it at that write: name →
    // message reference (lib/i18n/message-ref.ts), put into the reader's words on the way out
    // (decision 0023). Empty for visits last calculated before migration 0018.
    calculationNotes: jsonb("calculation_notes").$type<Record<string, string>>().notNull().default({}),
    configVersion: integer("config_version"),
    // The protocol version in force when the visit was entered (decision 0013): its fields are the
    // ones the visit was captured with. Null only for a study that never had a version.
    protocolVersionId: integer("protocol_version_id"),
    // Data review (decision 0031): the form status, kept by the service from formStatusOf
    // (lib/schemas/data-review.ts) at every write that moves it; the site's "complete" mark; the
    // verification of each field (field → entry), cleared in the transaction that changes a value.
    formStatus: text("form_status").$type<FormStatus>().notNull().default("in_progress"),
    completedAt: instant("completed_at"),
    completedBy: integer("completed_by").references(() => users.id),
    verification: jsonb("verification").$type<Verification>().notNull().default({}),
    isLocked: boolean("is_locked").notNull().default(false),
    lockedAt: instant("locked_at"),
    lockedBy: integer("locked_by").references(() => users.id),
    createdBy: integer("created_by").references(() => users.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // Among live visits: a deleted visit's number may be entered again.
    uniqueIndex("visits_patient_number_key")
      .on(t.patientId, t.visitNumber)
      .where(sql`${t.deletedAt} is null`),
    check("visits_visit_number_check", sql`${t.visitNumber} >= 1`),
    foreignKey({
      name: "visits_patient_same_study_fk",
      columns: [t.patientId, t.studyId],
      foreignColumns: [patients.id, patients.studyId],
    }),
    foreignKey({
      name: "visits_line_same_patient_fk",
      columns: [t.therapyLineId, t.patientId],
      foreignColumns: [therapyLines.id, therapyLines.patientId],
    }),
    foreignKey({
      name: "visits_protocol_version_same_study_fk",
      columns: [t.protocolVersionId, t.studyId],
      foreignColumns: [protocolVersions.id, protocolVersions.studyId],
    }),
    index("visits_protocol_version_idx").on(t.protocolVersionId),
    index("visits_study_date_idx").on(t.studyId, t.visitDate),
    index("visits_therapy_line_idx").on(t.therapyLineId),
    check("visits_form_status_check", inList(t.formStatus, FORM_STATUSES)),
    // The SDV page (decision 0031): a study's live visits by patient, keyset on (patient, number),
    // all of them or those of one form status.
    index("visits_study_patient_number_idx")
      .on(t.studyId, t.patientId, t.visitNumber)
      .where(sql`${t.deletedAt} is null`),
    // …and those of one visit type (a type asked for few visits must not walk the whole study).
    index("visits_study_type_patient_idx")
      .on(t.studyId, t.visitType, t.patientId, t.visitNumber)
      .where(sql`${t.deletedAt} is null`),
    index("visits_study_status_patient_idx")
      .on(t.studyId, t.formStatus, t.patientId, t.visitNumber)
      .where(sql`${t.deletedAt} is null`),
  ],
);
