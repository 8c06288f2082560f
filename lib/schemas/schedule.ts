/** Visit schedule contracts (decision 0025): one patient's schedule and the overdue list. Pure. */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { PLANNED_VISIT_STATUSES } from "@/lib/schedule/visit-schedule";
import { idOf, MAX_DB_INT } from "./patients";

export const OVERDUE_LIMITS = { pageSize: 100 } as const;

const PlannedVisitResponse = z.object({
  visit_type: z.string(),
  day_offset: z.number(),
  /** Null until the schedule starts (the baseline visit's date). */
  due: z.string().nullable(),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  /** done / due / overdue / upcoming / out_of_window; null until the schedule starts. */
  status: z.enum(PLANNED_VISIT_STATUSES).nullable(),
  /** The visit that fulfils it: the earliest live visit of its type. */
  visit: z.object({ id: z.number(), visit_number: z.number(), visit_date: z.string() }).nullable(),
});
export type PlannedVisitResponse = z.infer<typeof PlannedVisitResponse>;

export const PatientScheduleResponse = z.object({
  patient_id: z.number(),
  /** The clinical day the statuses were judged on. */
  today: z.string(),
  /** False when no visit type of the study has a day offset. */
  scheduled: z.boolean(),
  /** False until the patient has a visit of the baseline type. */
  started: z.boolean(),
  baseline_type: z.string().nullable(),
  baseline_date: z.string().nullable(),
  planned: z.array(PlannedVisitResponse),
  /** The first planned visit not yet done. */
  next: PlannedVisitResponse.nullable(),
});
export type PatientScheduleResponse = z.infer<typeof PatientScheduleResponse>;

export const OverdueVisitsQuery = z.object({
  study_id: idOf("study_id"),
  page: z.coerce.number().int().min(1, messageRef("api.common.pageMin")).max(MAX_DB_INT).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, messageRef("api.common.pageSizeMin"))
    .max(
      OVERDUE_LIMITS.pageSize,
      messageRef("api.common.pageSizeMax", { max: String(OVERDUE_LIMITS.pageSize) }),
    )
    .default(20),
  /** `next_cursor` of the previous page: keyset paging, the same cost at any depth (page ignored). */
  cursor: z.string().max(200).optional(),
});
export type OverdueVisitsQuery = z.infer<typeof OverdueVisitsQuery>;

export const OverdueVisitResponse = z.object({
  patient_id: z.number(),
  patient_code: z.string(),
  visit_type: z.string(),
  due: z.string(),
  window_end: z.string(),
  /** Whole days since the window's last day. */
  days_overdue: z.number(),
});

export const OverdueVisitsResponse = z.object({
  today: z.string(),
  items: z.array(OverdueVisitResponse),
  /** Overdue patients in the caller's scope (every page). */
  total: z.number(),
  next_cursor: z.string().nullable(),
});
export type OverdueVisitsResponse = z.infer<typeof OverdueVisitsResponse>;
