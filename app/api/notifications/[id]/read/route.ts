import { apiRoute } from "@/lib/server/api/route";
import { readNotification } from "@/lib/server/notifications/notification-service";
import { NotificationIdParams } from "@/lib/schemas/notifications";

export const POST = apiRoute({
  params: NotificationIdParams,
  handler: ({ db, actor, params, meta }) => readNotification(db, actor, params.id, meta),
});
