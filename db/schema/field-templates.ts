import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import type { StudyText } from "../../lib/schemas/study-text";
import { users } from "./users";

/**
 * name, label, type, category, order (spec §3), plus whatever else of a data field was saved with
 * it (options, validation, sub-fields, conditions): see TemplateFieldSchema in lib/schemas.
 */
export type TemplateField = {
  name: string;
  /** One language or both (decision 0022). */
  label: StudyText;
  type: string;
  category?: string | null;
  order?: number;
  [key: string]: unknown;
};

export const fieldTemplates = pgTable(
  "field_templates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description"),
    category: text("category").notNull().default("Other"),
    fields: jsonb("fields").$type<TemplateField[]>().notNull().default([]),
    isGlobal: boolean("is_global").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("field_templates_category_idx").on(t.category),
    index("field_templates_owner_idx").on(t.createdBy),
  ],
);
