import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { patients, therapyLines } from "./patients";
import { studies } from "./studies";
import { users } from "./users";

export const visits = pgTable(
  "visits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // Denormalized from the patient so every visit query can filter by study directly.
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    therapyLineId: integer("therapy_line_id").references(() => therapyLines.id),
    visitNumber: integer("visit_number").notNull(),
    visitDate: date("visit_date").notNull(),
    visitType: text("visit_type").notNull(),
    dataFields: jsonb("data_fields").$type<Record<string, unknown>>().notNull().default({}),
    isLocked: boolean("is_locked").notNull().default(false),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: integer("locked_by").references(() => users.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    unique("visits_patient_number_key").on(t.patientId, t.visitNumber),
    check("visits_visit_number_check", sql`${t.visitNumber} >= 1`),
    index("visits_study_date_idx").on(t.studyId, t.visitDate),
    index("visits_therapy_line_idx").on(t.therapyLineId),
  ],
);
