import { inList } from "./sql-helpers";
import { boolean, check, index, integer, jsonb, pgTable, text, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { studies } from "./studies";
import { LOCALES, type Locale } from "../../lib/i18n/locales";

export const CONTENT_BLOCK_TYPES = [
  "hero",
  "text_block",
  "columns",
  "button",
  "info_box",
  "card_grid",
  "attachment",
  "layout_row",
] as const;

/** Homepage blocks of a study; layout rows are blocks too, and blocks placed in a row point at it. */
export const contentBlocks = pgTable(
  "content_blocks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    type: text("type").notNull(),
    title: text("title"),
    // { html } sanitized on the server before it is stored.
    content: jsonb("content").$type<{ html?: string }>().notNull().default({}),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    isVisible: boolean("is_visible").notNull().default(true),
    order: integer("order").notNull().default(0),
    parentId: integer("parent_id").references((): AnyPgColumn => contentBlocks.id),
    columnIndex: integer("column_index"),
    // The readers' language the block (or row) is for; null = every reader (decision 0022).
    language: text("language").$type<Locale>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("content_blocks_type_check", inList(t.type, CONTENT_BLOCK_TYPES)),
    check("content_blocks_language_check", inList(t.language, LOCALES)),
    index("content_blocks_study_parent_order_idx").on(t.studyId, t.parentId, t.order),
  ],
);
