import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { OwnLocaleBody, UserResponse } from "@/lib/schemas/auth";
import type { RequestMeta } from "../api/request-meta";
import { unauthorized } from "../api/errors";
import type { Actor } from "../auth/actor";
import { toUserResponse } from "../auth/auth-service";
import { auditedTransaction } from "../audit/audit-writer";

/**
 * A user's own language (docs/decisions/0021), allowed to every signed-in user for themselves only.
 * It is a preference, not an administered attribute: the admin edit's version is left alone, so
 * choosing a language never makes an administrator's open edit of the user stale. Audited when it
 * changes.
 */
export async function setOwnLocale(
  db: Db,
  actor: Actor,
  body: OwnLocaleBody,
  meta: RequestMeta,
): Promise<UserResponse> {
  return auditedTransaction(db, async (tx, audit) => {
    const [before] = await tx.select().from(users).where(eq(users.id, actor.userId)).for("update");
    if (!before) throw unauthorized();
    if ((before.locale ?? null) === body.locale) return toUserResponse(before);
    const [after] = await tx
      .update(users)
      .set({ locale: body.locale, updatedAt: new Date() })
      .where(eq(users.id, actor.userId))
      .returning();
    audit({
      action: "update",
      entityType: "user",
      entityId: actor.userId,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      reason: "Language chosen by the user",
      oldValues: { locale: before.locale ?? null },
      newValues: { locale: body.locale },
    });
    return toUserResponse(after!);
  });
}
