import { inList } from "./sql-helpers";
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { instant, version } from "./columns";
import { medicalGroups } from "./medical-groups";
import { studies } from "./studies";
import { users } from "./users";

export const STUDY_ROLES = [
  "principal_investigator",
  "study_monitor",
  "sub_investigator",
  "medico",
  "data_manager",
  "read_only",
] as const;
export type StudyRole = (typeof STUDY_ROLES)[number];

export const userStudyRoles = pgTable(
  "user_study_roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    role: text("role").$type<StudyRole>().notNull(),
    medicalGroupId: integer("medical_group_id").references(() => medicalGroups.id),
    assignedBy: integer("assigned_by").references(() => users.id),
    assignedAt: instant("assigned_at").notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    unique("user_study_roles_user_study_key").on(t.userId, t.studyId),
    check("user_study_roles_role_check", inList(t.role, STUDY_ROLES)),
    // Sub-investigators are scoped by their group, so they must have one.
    check(
      "user_study_roles_sub_investigator_group_check",
      sql`${t.role} <> 'sub_investigator' or ${t.medicalGroupId} is not null`,
    ),
    // The group of an assignment is one of the assignment's study's groups.
    foreignKey({
      name: "user_study_roles_group_same_study_fk",
      columns: [t.medicalGroupId, t.studyId],
      foreignColumns: [medicalGroups.id, medicalGroups.studyId],
    }),
    index("user_study_roles_study_idx").on(t.studyId),
  ],
);
