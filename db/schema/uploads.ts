import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { studies } from "./studies";
import { users } from "./users";

/** Files live in DATA_DIR/uploads under a random key; this row is the only way to find them. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: integer("file_size").notNull(),
    studyId: integer("study_id").references(() => studies.id),
    uploadedBy: integer("uploaded_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_study_idx").on(t.studyId)],
);
