/** Audit-log read contracts (spec §7 GET /admin/audit-logs/entity/{type}/{id}). Pure. */
import { z } from "zod";
import { CSV_FORMATS } from "@/lib/csv/csv-cells";
import { isIsoDateTime } from "@/lib/dates/calendar-date";
import { messageRef } from "@/lib/i18n/message-ref";
import { AUDIT_ACTIONS } from "./audit-actions";
import { ReadableAudit } from "./readable-audit";
import { idOf, MAX_DB_INT } from "./patients";

// Messages are catalogue references (decision 0021); bounds go in as text, read as written.
const wholeNumber = (name: string) => messageRef("api.common.wholeNumber", { name });
const atLeast = (name: string, min: number) => messageRef("api.common.atLeast", { name, min: String(min) });
const atMost = (name: string, max: number) => messageRef("api.common.atMost", { name, max: String(max) });
const oneOf = (name: string, values: readonly string[]) =>
  messageRef("api.common.oneOf", { name, values: values.join(", ") });

/** Entity types whose trail can be read so far; a patient's trail includes its visits' rows. */
export const AUDIT_TRAIL_ENTITY_TYPES = ["patient"] as const;

export const AUDIT_TRAIL_LIMITS = { defaultLimit: 100, maxLimit: 500 } as const;

/** A `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int(wholeNumber("limit"))
    .min(1, atLeast("limit", 1))
    .max(max, atMost("limit", max))
    .default(fallback);

export const EntityTrailParams = z.object({
  type: z.enum(AUDIT_TRAIL_ENTITY_TYPES, {
    error: oneOf("entity type", AUDIT_TRAIL_ENTITY_TYPES),
  }),
  id: idOf(messageRef("api.labels.entityId")),
});
export type EntityTrailParams = z.infer<typeof EntityTrailParams>;

export const EntityTrailQuery = z.object({
  limit: limitParam(AUDIT_TRAIL_LIMITS.maxLimit, AUDIT_TRAIL_LIMITS.defaultLimit),
  offset: z.coerce
    .number()
    .int(wholeNumber("offset"))
    .min(0, atLeast("offset", 0))
    .max(MAX_DB_INT)
    .default(0),
});
export type EntityTrailQuery = z.infer<typeof EntityTrailQuery>;

export const AuditLogEntry = z.object({
  id: z.number(),
  timestamp: z.string(),
  user_id: z.number().nullable(),
  user_email: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  study_id: z.number().nullable(),
  ip_address: z.string().nullable(),
  reason: z.string().nullable(),
  old_values: z.record(z.string(), z.unknown()).nullable(),
  new_values: z.record(z.string(), z.unknown()).nullable(),
  /** A clinical row (patient, visit) read for a person (docs/decisions/0026); absent elsewhere. */
  readable: ReadableAudit.nullable().optional(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/**
 * A row of a record's trail as its study readers see it: who by name, never their email or
 * address, and never refused accesses (those are security events, kept for admins in the Audit
 * Logs page's Security view: docs/decisions/0018).
 */
export const TrailEntry = z.object({
  id: z.number(),
  timestamp: z.string(),
  user_id: z.number().nullable(),
  /** The author's full name; null for the system (or a user since removed: "User #id"). */
  user_name: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  study_id: z.number().nullable(),
  reason: z.string().nullable(),
  old_values: z.record(z.string(), z.unknown()).nullable(),
  new_values: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The row read for a person (docs/decisions/0026): the record by number and type, changes with
   * labels and formatted values, and the recalculations it caused folded under it (their rows are
   * not listed on their own).
   */
  readable: ReadableAudit.nullable(),
});
export type TrailEntry = z.infer<typeof TrailEntry>;

/**
 * Newest first; `total` counts every row of the trail, `items` is one page of it, recalculations
 * folded under their cause (so a page may list fewer items than rows it read).
 */
export const EntityTrailResponse = z.object({
  items: z.array(TrailEntry),
  total: z.number(),
});
export type EntityTrailResponse = z.infer<typeof EntityTrailResponse>;

// ----- The Audit Logs page (spec §2, §7: list, statistics, user activity, CSV export) -----------

export const AUDIT_LOG_LIMITS = {
  pageSize: 50,
  maxPageSize: 200,
  search: 200,
  entityType: 100,
  userActivityDefault: 100,
  userActivityMax: 500,
  topEntries: 5,
} as const;

/** An empty query parameter means "no filter" (the page never sends one; a hand-made URL may). */
const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

const isoDateTime = (what: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(40)
      // The one date rule (lib/dates/calendar-date.ts): Date.parse rolled 2024-02-31 over to March.
      .refine((v) => isIsoDateTime(v), messageRef("api.audit.dateTime", { name: what }))
      .transform((v) => new Date(v))
      .optional(),
  );

/** The filters shared by the list, the statistics and the export. Study ID is an integer (§5). */
export const AuditLogFilters = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(AUDIT_LOG_LIMITS.search).optional()),
  action: z.preprocess(
    blankToUndefined,
    z.enum(AUDIT_ACTIONS, { error: oneOf("action", AUDIT_ACTIONS) }).optional(),
  ),
  entity_type: z.preprocess(blankToUndefined, z.string().trim().max(AUDIT_LOG_LIMITS.entityType).optional()),
  study_id: z.preprocess(blankToUndefined, idOf(messageRef("api.labels.studyIdFilter")).optional()),
  /** A patient's story: its own rows and its visits' rows. */
  patient_id: z.preprocess(blankToUndefined, idOf(messageRef("api.labels.patientIdFilter")).optional()),
  start_date: isoDateTime("start_date"),
  end_date: isoDateTime("end_date"),
});
export type AuditLogFilters = z.infer<typeof AuditLogFilters>;

/**
 * The CSV export's query: the filters and the CSV format (`comma` by default; `semicolon` for Excel
 * where the decimal mark is a comma: docs/decisions/0021).
 */
export const AuditExportQuery = AuditLogFilters.extend({
  csv_format: z.enum(CSV_FORMATS, { error: oneOf("csv_format", CSV_FORMATS) }).default("comma"),
});
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/**
 * Where the client stands: the page it shows and the sort keys (epoch ms, id) of that page's first
 * and last rows, "page.firstMs.firstId.lastMs.lastId". With it the server reaches any page of the
 * five-page window by a keyset seek plus an offset of at most a few pages, whatever the depth.
 */
const CURSOR_PATTERN = /^(\d{1,9})\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})$/;
export type AuditPageCursor = {
  page: number;
  first: { ms: number; id: number };
  last: { ms: number; id: number };
};
export const formatAuditCursor = (c: AuditPageCursor) =>
  `${c.page}.${c.first.ms}.${c.first.id}.${c.last.ms}.${c.last.id}`;

export const AuditLogListQuery = AuditLogFilters.extend({
  page: z.coerce
    .number()
    .int(messageRef("api.common.pageWhole"))
    .min(1, messageRef("api.common.pageMin"))
    .max(MAX_DB_INT)
    .default(1),
  page_size: z.coerce
    .number()
    .int(messageRef("api.common.pageSizeWhole"))
    .min(1, messageRef("api.common.pageSizeMin"))
    .max(
      AUDIT_LOG_LIMITS.maxPageSize,
      messageRef("api.common.pageSizeMax", { max: String(AUDIT_LOG_LIMITS.maxPageSize) }),
    )
    .default(AUDIT_LOG_LIMITS.pageSize),
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(CURSOR_PATTERN, messageRef("api.audit.cursorFormat"))
      .transform((v): AuditPageCursor => {
        const [, page, fMs, fId, lMs, lId] = CURSOR_PATTERN.exec(v)!.map(Number);
        return { page: page!, first: { ms: fMs!, id: fId! }, last: { ms: lMs!, id: lId! } };
      })
      .optional(),
  ),
});
export type AuditLogListQuery = z.infer<typeof AuditLogListQuery>;

export const AuditLogListResponse = z.object({
  items: z.array(AuditLogEntry),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AuditLogListResponse = z.infer<typeof AuditLogListResponse>;

export const AuditStatisticsQuery = AuditLogFilters.pick({
  start_date: true,
  end_date: true,
  study_id: true,
});
export type AuditStatisticsQuery = z.infer<typeof AuditStatisticsQuery>;

/** Spec §3: total_entries and the top entries by action and by user (email, or 'System'). */
export const AuditStatisticsResponse = z.object({
  total_entries: z.number(),
  entries_by_action: z.record(z.string(), z.number()),
  entries_by_user: z.record(z.string(), z.number()),
});
export type AuditStatisticsResponse = z.infer<typeof AuditStatisticsResponse>;

export const UserActivityParams = z.object({ id: idOf(messageRef("api.labels.userId")) });
export type UserActivityParams = z.infer<typeof UserActivityParams>;

export const UserActivityQuery = z.object({
  limit: limitParam(AUDIT_LOG_LIMITS.userActivityMax, AUDIT_LOG_LIMITS.userActivityDefault),
});
export type UserActivityQuery = z.infer<typeof UserActivityQuery>;

export const AuditEntryListResponse = z.object({ items: z.array(AuditLogEntry) });
export type AuditEntryListResponse = z.infer<typeof AuditEntryListResponse>;

// ----- Chain verification run in the background (platform admins) ------------------------------

export const ChainVerificationParams = z.object({ jobId: z.uuid(messageRef("api.audit.jobIdUuid")) });
export type ChainVerificationParams = z.infer<typeof ChainVerificationParams>;

export const ChainVerificationJob = z.object({
  id: z.string(),
  state: z.enum(["running", "done", "failed", "interrupted"]),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Rows in the table when the run started (the progress bar's end), and rows walked so far. */
  total_rows: z.number(),
  rows_checked: z.number(),
  ok: z.boolean().nullable(),
  first_broken_row_id: z.number().nullable(),
  findings: z.array(z.object({ kind: z.string(), row_id: z.number().nullable(), message: z.string() })),
  error: z.string().nullable(),
});
export type ChainVerificationJob = z.infer<typeof ChainVerificationJob>;

export const AUDIT_EXPORT_COLUMNS = [
  "id",
  "timestamp",
  "user_id",
  "user_email",
  "action",
  "entity_type",
  "entity_id",
  "study_id",
  "ip_address",
  "reason",
  "old_values",
  "new_values",
] as const;
