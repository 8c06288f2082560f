import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
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
    naiveSystemic: boolean("naive_systemic").notNull().default(false),
    naiveBiologic: boolean("naive_biologic").notNull().default(false),
    // Study-defined values, checked against the study's patient fields on every write.
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>().notNull().default({}),
    medicalGroupId: integer("medical_group_id").references(() => medicalGroups.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Clinical records are never erased: deletion is a timestamp plus an audit entry.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    unique("patients_study_code_key").on(t.studyId, t.code),
    check("patients_sex_check", sql`${t.sex} in ('M', 'F')`),
    index("patients_study_created_idx").on(t.studyId, t.createdAt),
    index("patients_study_group_idx").on(t.studyId, t.medicalGroupId),
    index("patients_study_creator_idx").on(t.studyId, t.createdBy),
  ],
);

export const therapyLines = pgTable(
  "therapy_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    lineNumber: integer("line_number").notNull(),
    therapyName: text("therapy_name"),
    startDate: date("start_date"),
    endDate: date("end_date"),
    switchReason: text("switch_reason"),
    switchData: jsonb("switch_data").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("therapy_lines_patient_line_key").on(t.patientId, t.lineNumber),
    check("therapy_lines_line_number_check", sql`${t.lineNumber} >= 1`),
    index("therapy_lines_study_idx").on(t.studyId),
  ],
);
