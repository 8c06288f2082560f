/**
 * In-app notifications (decision 0031): what a user is told about the data review. Pure, shared by
 * the inbox API, the header badge and the email's words.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { idOf } from "./patients";
import { NOTIFICATION_KINDS } from "./notification-kinds";
import { QUERY_ENTITY_TYPES } from "./query-states";

export { NOTIFICATION_KINDS, type NotificationKind } from "./notification-kinds";

export const NOTIFICATION_LIMITS = { pageSize: 50 } as const;

/** GET /api/notifications: the signed-in user's own inbox, newest first, keyset paged on id. */
export const NotificationListQuery = z.object({
  unread_only: z
    .enum(["true", "false", "1", "0"], { error: messageRef("api.notifications.unreadOnly") })
    .optional()
    .transform((v) => v === "true" || v === "1"),
  page_size: z.coerce
    .number()
    .int()
    .min(1, messageRef("api.common.pageSizeMin"))
    .max(
      NOTIFICATION_LIMITS.pageSize,
      messageRef("api.common.pageSizeMax", { max: String(NOTIFICATION_LIMITS.pageSize) }),
    )
    .default(20),
  /** `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationIdParams = z.object({ id: idOf(messageRef("api.labels.notificationId")) });

/**
 * One item of the inbox. It names where to look (the study, the query, the record and field), and
 * only for a query the reader may still read (the clinical scope): never a clinical value.
 */
export const NotificationResponse = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  study_id: z.number(),
  study_code: z.string(),
  study_name: z.string(),
  query_id: z.number(),
  entity_type: z.enum(QUERY_ENTITY_TYPES),
  field: z.string().nullable(),
  patient_code: z.string(),
  /** Who caused it, by name (null when the account has no name to show). */
  actor_name: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationResponse = z.infer<typeof NotificationResponse>;

export const NotificationListResponse = z.object({
  items: z.array(NotificationResponse),
  next_cursor: z.string().nullable(),
  /** The reader's unread notifications (all of them, not only this page's). */
  unread: z.number().int().min(0),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

/** The answer of a mark-read call: how many were marked now, and what is left unread. */
export const NotificationReadResponse = z.object({
  marked: z.number().int().min(0),
  unread: z.number().int().min(0),
});
export type NotificationReadResponse = z.infer<typeof NotificationReadResponse>;
