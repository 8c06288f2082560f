import { index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, version } from "./columns";
import { studies } from "./studies";

/** A medical group isolates patient data inside a study (sub-investigators see only their group). */
export const medicalGroups = pgTable(
  "medical_groups",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    unique("medical_groups_study_code_key").on(t.studyId, t.code),
    // Target of patients' composite key: a patient's group belongs to the patient's study.
    unique("medical_groups_id_study_key").on(t.id, t.studyId),
    index("medical_groups_study_idx").on(t.studyId),
  ],
);
