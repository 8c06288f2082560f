/**
 * The SDV page's list (docs/decisions/0031): a study's live visits in the caller's clinical scope,
 * by patient and visit number, each with its form status and its verification progress (verified /
 * required under the study's SDV requirement). Keyset paged on (patient_id, visit_number). Pure.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { FORM_STATUSES, SDV_REQUIREMENTS } from "./data-review";
import { idOf } from "./patients";

export const SDV_LIMITS = { pageSize: 100, defaultPageSize: 50 } as const;

export const SdvListQuery = z.object({
  study_id: idOf("study_id"),
  form_status: z.enum(FORM_STATUSES, { error: messageRef("api.review.formStatus") }).optional(),
  visit_type: z.string().max(100).optional(),
  medical_group_id: idOf("medical_group_id").optional(),
  patient_id: idOf("patient_id").optional(),
  page_size: z.coerce
    .number()
    .int()
    .min(1, messageRef("api.common.pageSizeMin"))
    .max(SDV_LIMITS.pageSize, messageRef("api.common.pageSizeMax", { max: String(SDV_LIMITS.pageSize) }))
    .default(SDV_LIMITS.defaultPageSize),
  /** `next_cursor` of the previous page: keyset paging, the same cost at any depth. */
  cursor: z.string().max(200).optional(),
});
export type SdvListQuery = z.infer<typeof SdvListQuery>;

export const SdvVisitRow = z.object({
  visit_id: z.number(),
  patient_id: z.number(),
  patient_code: z.string(),
  medical_group_id: z.number().nullable(),
  visit_number: z.number(),
  visit_type: z.string(),
  visit_date: z.string(),
  form_status: z.enum(FORM_STATUSES),
  completed_at: z.string().nullable(),
  /** Of the fields the study requires verified on this visit (its SDV requirement), how many are. */
  verified: z.number().int().min(0),
  required: z.number().int().min(0),
  version: z.number(),
});
export type SdvVisitRow = z.infer<typeof SdvVisitRow>;

export const SdvListResponse = z.object({
  /** The study's requirement: under "none" every row requires nothing. */
  sdv_requirement: z.enum(SDV_REQUIREMENTS),
  items: z.array(SdvVisitRow),
  next_cursor: z.string().nullable(),
});
export type SdvListResponse = z.infer<typeof SdvListResponse>;
