import { apiRoute } from "@/lib/server/api/route";
import { listNotifications } from "@/lib/server/notifications/notification-service";
import { NotificationListQuery } from "@/lib/schemas/notifications";

export const GET = apiRoute({
  query: NotificationListQuery,
  handler: ({ db, actor, query }) => listNotifications(db, actor, query),
});
