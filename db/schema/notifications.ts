import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { queries } from "./queries";
import { inList } from "./sql-helpers";
import { studies } from "./studies";
import { users } from "./users";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../lib/schemas/notification-kinds";

/**
 * A user's inbox (decision 0031): one row per thing they were told, written in the transaction of
 * the query step that caused it. It names the query, never a clinical value: the inbox and the
 * email show where to look, the thread shows what (in the reader's clinical scope).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    queryId: integer("query_id")
      .notNull()
      .references(() => queries.id),
    kind: text("kind").$type<NotificationKind>().notNull(),
    // Who caused it (the opener, the responder).
    actorId: integer("actor_id").references(() => users.id),
    readAt: instant("read_at"),
    // When the email went out, if the deployment sends email; null otherwise or before.
    emailedAt: instant("emailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("notifications_kind_check", inList(t.kind, NOTIFICATION_KINDS)),
    // The inbox, newest first, keyset on id; and the header's unread count.
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
