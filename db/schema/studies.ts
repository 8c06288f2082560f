import { inList } from "./sql-helpers";
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
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { LOCALES, type Locale } from "../../lib/i18n/locales";
import { createdAt, instant, updatedAt, version } from "./columns";
import { users } from "./users";

export const studies = pgTable(
  "studies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    disease: text("disease").notNull(),
    description: text("description"),
    // The subdomain segment; defaults to the code.
    domain: text("domain").notNull().unique(),
    isActive: boolean("is_active").notNull().default(true),
    // The language of the study's pages for readers who chose none (Basic Info; decision 0021).
    defaultLanguage: text("default_language").$type<Locale>(),
    // The whole study configuration, one JSONB document validated by lib/schemas (decision 0006).
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    // Optimistic concurrency (decision 0007): every update names the version it was based on and
    // bumps it; a stale update is refused with 409 and overwrites nothing.
    version: version(),
    // Database lock at the study's end (decision 0034): read-only for every role while set; exports
    // and the trail go on. Who and why of each lock and unlock are in the audit trail.
    lockedAt: instant("locked_at"),
    lockedBy: integer("locked_by").references(() => users.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("studies_code_format_check", sql`${t.code} ~ '^[a-z0-9_]+$'`),
    check("studies_default_language_check", inList(t.defaultLanguage, LOCALES)),
  ],
);

// `rejected` is ours (spec §4 lists the other four): a rejected draft stays on record, immutable,
// with its rejection_reason, rather than being deleted (decision 0013).
export const PROTOCOL_VERSION_STATUSES = [
  "draft",
  "pending_approval",
  "active",
  "superseded",
  "rejected",
] as const;
export type ProtocolVersionStatus = (typeof PROTOCOL_VERSION_STATUSES)[number];

export const protocolVersions = pgTable(
  "protocol_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    versionNumber: integer("version_number").notNull(),
    versionLabel: text("version_label"),
    versionDate: date("version_date").notNull(),
    effectiveFrom: date("effective_from").notNull(),
    effectiveTo: date("effective_to"),
    amendmentReason: text("amendment_reason").notNull(),
    // Immutable copy of the study config at this version.
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<ProtocolVersionStatus>().notNull().default("draft"),
    isActive: boolean("is_active").notNull().default(false),
    rejectionReason: text("rejection_reason"),
    approvedBy: integer("approved_by").references(() => users.id),
    approvedAt: instant("approved_at"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique("protocol_versions_study_number_key").on(t.studyId, t.versionNumber),
    check("protocol_versions_status_check", inList(t.status, PROTOCOL_VERSION_STATUSES)),
    index("protocol_versions_study_idx").on(t.studyId),
    // Target of the visits' composite key: a visit's version belongs to the visit's study.
    unique("protocol_versions_id_study_key").on(t.id, t.studyId),
    // Exactly one version in force per study; the database refuses a second (decision 0013).
    uniqueIndex("protocol_versions_one_active_key")
      .on(t.studyId)
      .where(sql`${t.status} = 'active'`),
    // is_active mirrors the status (spec §3 names both); they cannot disagree.
    check("protocol_versions_is_active_check", sql`${t.isActive} = (${t.status} = 'active')`),
  ],
);
