/**
 * Data query contracts (docs/decisions/0030): open a query on a value of a patient or a visit (or on
 * a visit as a whole), answer it, close it, reopen it; list and read them within the clinical
 * scope. Pure.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { idOf, MAX_DB_INT } from "./patients";
import {
  QUERY_ENTITY_TYPES,
  QUERY_RESPONSE_CATEGORIES,
  QUERY_STATUSES,
  QUERY_STEP_KINDS,
} from "./query-states";

export const QUERY_LIMITS = { textMax: 2000, pageSize: 100 } as const;

/** A step's words: required, trimmed, at most 2000 characters. */
const StepText = z
  .string({ error: messageRef("api.queries.textRequired") })
  .trim()
  .min(1, messageRef("api.queries.textRequired"))
  .max(QUERY_LIMITS.textMax, messageRef("api.queries.textMax", { max: String(QUERY_LIMITS.textMax) }));

export const QueryCreateBody = z.object({
  study_id: idOf("study_id"),
  entity_type: z.enum(QUERY_ENTITY_TYPES, { error: messageRef("api.queries.entityType") }),
  entity_id: idOf("entity_id"),
  /** A field of the entity; absent for a query on a visit as a whole. */
  field: z.string().trim().min(1).max(100).optional(),
  text: StepText,
  assignee_id: idOf("assignee_id").optional(),
});
export type QueryCreateBody = z.infer<typeof QueryCreateBody>;

export const QueryResponseBody = z.object({
  category: z.enum(QUERY_RESPONSE_CATEGORIES, { error: messageRef("api.queries.category") }),
  text: StepText,
});
export type QueryResponseBody = z.infer<typeof QueryResponseBody>;

export const QueryStepBody = z.object({ text: StepText });
export type QueryStepBody = z.infer<typeof QueryStepBody>;

export const QueryIdParams = z.object({ id: idOf(messageRef("api.labels.queryId")) });

export const QueryListQuery = z.object({
  study_id: idOf("study_id"),
  status: z.enum(QUERY_STATUSES, { error: messageRef("api.queries.status") }).optional(),
  patient_id: idOf("patient_id").optional(),
  visit_id: idOf("visit_id").optional(),
  assignee_id: idOf("assignee_id").optional(),
  medical_group_id: idOf("medical_group_id").optional(),
  visit_type: z.string().max(100).optional(),
  field: z.string().max(100).optional(),
  /** Only queries opened at least this many days ago. */
  min_days_open: z.coerce.number().int().min(0).max(36_500).optional(),
  order: z.enum(["desc", "asc"], { error: messageRef("api.common.order") }).default("desc"),
  page_size: z.coerce
    .number()
    .int()
    .min(1, messageRef("api.common.pageSizeMin"))
    .max(QUERY_LIMITS.pageSize, messageRef("api.common.pageSizeMax", { max: String(QUERY_LIMITS.pageSize) }))
    .default(20),
  /** `next_cursor` of the previous page: keyset paging, the same cost at any depth. */
  cursor: z.string().max(200).optional(),
});
export type QueryListQuery = z.infer<typeof QueryListQuery>;

export const QueryStepResponse = z.object({
  id: z.number(),
  kind: z.enum(QUERY_STEP_KINDS),
  category: z.enum(QUERY_RESPONSE_CATEGORIES).nullable(),
  text: z.string(),
  user_id: z.number(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type QueryStepResponse = z.infer<typeof QueryStepResponse>;

export const QueryResponse = z.object({
  id: z.number(),
  study_id: z.number(),
  patient_id: z.number(),
  patient_code: z.string(),
  entity_type: z.enum(QUERY_ENTITY_TYPES),
  /** The visit's id for a visit query, the patient's for a patient query. */
  entity_id: z.number(),
  visit_id: z.number().nullable(),
  visit_number: z.number().nullable(),
  visit_type: z.string().nullable(),
  field: z.string().nullable(),
  status: z.enum(QUERY_STATUSES),
  assignee_id: z.number().nullable(),
  opened_by: z.number(),
  opened_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  /** Whole days from opening to closing, or to today while it is not closed. */
  days_open: z.number().int().min(0).max(MAX_DB_INT),
  /** The thread, oldest first (the detail and every step's answer; the list leaves it out). */
  steps: z.array(QueryStepResponse).optional(),
});
export type QueryResponse = z.infer<typeof QueryResponse>;

export const QueryListResponse = z.object({
  items: z.array(QueryResponse),
  next_cursor: z.string().nullable(),
});
export type QueryListResponse = z.infer<typeof QueryListResponse>;

/**
 * GET /api/queries/export: the list's filters without its paging (docs/decisions/0030). The file
 * holds every query they select in the caller's scope, a record per step of its thread.
 */
export const QueryExportQuery = QueryListQuery.omit({ page_size: true, cursor: true });
export type QueryExportQuery = z.infer<typeof QueryExportQuery>;

/** The export's columns, in order: English names, machine-readable like the study export's. */
export const QUERY_EXPORT_COLUMNS = [
  "query_id",
  "patient_code",
  "entity_type",
  "visit_number",
  "visit_type",
  "field",
  "query_status",
  "assignee_id",
  "step_kind",
  "step_category",
  "step_text",
  "step_author",
  "step_time",
  "days_open",
] as const;
