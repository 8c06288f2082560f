/** Audit-log read contracts (spec §7 GET /admin/audit-logs/entity/{type}/{id}). Pure. */
import { z } from "zod";
import { CSV_FORMATS } from "@/lib/csv/csv-cells";
import { isIsoDateTime } from "@/lib/dates/calendar-date";
import { AUDIT_ACTIONS } from "./audit-actions";
import { idOf, MAX_DB_INT } from "./patients";

/** Entity types whose trail can be read so far; a patient's trail includes its visits' rows. */
export const AUDIT_TRAIL_ENTITY_TYPES = ["patient"] as const;

export const AUDIT_TRAIL_LIMITS = { defaultLimit: 100, maxLimit: 500 } as const;

/** A `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

export const EntityTrailParams = z.object({
  type: z.enum(AUDIT_TRAIL_ENTITY_TYPES, {
    error: `entity type must be one of: ${AUDIT_TRAIL_ENTITY_TYPES.join(", ")}`,
  }),
  id: idOf("Entity id"),
});
export type EntityTrailParams = z.infer<typeof EntityTrailParams>;

export const EntityTrailQuery = z.object({
  limit: limitParam(AUDIT_TRAIL_LIMITS.maxLimit, AUDIT_TRAIL_LIMITS.defaultLimit),
  offset: z.coerce
    .number()
    .int("offset must be a whole number")
    .min(0, "offset must be at least 0")
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
});
export type TrailEntry = z.infer<typeof TrailEntry>;

/** Newest first; `total` counts every row of the trail, `items` is one page of it. */
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
      .refine((v) => isIsoDateTime(v), `${what} must be a date and time (ISO 8601)`)
      .transform((v) => new Date(v))
      .optional(),
  );

/** The filters shared by the list, the statistics and the export. Study ID is an integer (§5). */
export const AuditLogFilters = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(AUDIT_LOG_LIMITS.search).optional()),
  action: z.preprocess(
    blankToUndefined,
    z.enum(AUDIT_ACTIONS, { error: `action must be one of: ${AUDIT_ACTIONS.join(", ")}` }).optional(),
  ),
  entity_type: z.preprocess(blankToUndefined, z.string().trim().max(AUDIT_LOG_LIMITS.entityType).optional()),
  study_id: z.preprocess(blankToUndefined, idOf("Study ID").optional()),
  /** A patient's story: its own rows and its visits' rows. */
  patient_id: z.preprocess(blankToUndefined, idOf("Patient ID").optional()),
  start_date: isoDateTime("start_date"),
  end_date: isoDateTime("end_date"),
});
export type AuditLogFilters = z.infer<typeof AuditLogFilters>;

/**
 * The CSV export's query: the filters and the CSV format (`comma` by default; `semicolon` for Excel
 * where the decimal mark is a comma: docs/decisions/0021).
 */
export const AuditExportQuery = AuditLogFilters.extend({
  csv_format: z
    .enum(CSV_FORMATS, { error: `csv_format must be one of: ${CSV_FORMATS.join(", ")}` })
    .default("comma"),
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
    .int("page must be a whole number")
    .min(1, "page must be at least 1")
    .max(MAX_DB_INT)
    .default(1),
  page_size: z.coerce
    .number()
    .int("page_size must be a whole number")
    .min(1, "page_size must be at least 1")
    .max(AUDIT_LOG_LIMITS.maxPageSize, `page_size must be at most ${AUDIT_LOG_LIMITS.maxPageSize}`)
    .default(AUDIT_LOG_LIMITS.pageSize),
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(CURSOR_PATTERN, "cursor must be page.firstMs.firstId.lastMs.lastId")
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

export const UserActivityParams = z.object({ id: idOf("User id") });
export type UserActivityParams = z.infer<typeof UserActivityParams>;

export const UserActivityQuery = z.object({
  limit: limitParam(AUDIT_LOG_LIMITS.userActivityMax, AUDIT_LOG_LIMITS.userActivityDefault),
});
export type UserActivityQuery = z.infer<typeof UserActivityQuery>;

export const AuditEntryListResponse = z.object({ items: z.array(AuditLogEntry) });
export type AuditEntryListResponse = z.infer<typeof AuditEntryListResponse>;

// ----- Chain verification run in the background (platform admins) ------------------------------

export const ChainVerificationParams = z.object({ jobId: z.uuid("jobId must be a UUID") });
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
