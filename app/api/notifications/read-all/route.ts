import { apiRoute } from "@/lib/server/api/route";
import { readAllNotifications } from "@/lib/server/notifications/notification-service";

export const POST = apiRoute({
  handler: ({ db, actor, meta }) => readAllNotifications(db, actor, meta),
});
