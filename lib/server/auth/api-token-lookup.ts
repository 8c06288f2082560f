import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiTokens, users } from "@/db/schema";
import { hashSecretToken } from "./tokens";

/** last_used_at is a trace for the owner's list, not a log: at most one write a minute per token. */
export const API_TOKEN_TOUCH_INTERVAL_MS = 60_000;

/**
 * The token's row and its user when the token may be used at `now`: known by its hash, not
 * revoked, not expired, user active. Anything else is null, and the caller answers the one 401:
 * which of these it was is not told.
 */
export async function readApiToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ token: typeof apiTokens.$inferSelect; user: typeof users.$inferSelect } | null> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashSecretToken(token)))
    .limit(1);
  if (!row || row.token.revokedAt || row.token.expiresAt <= now || !row.user.isActive) return null;
  const lastUsed = row.token.lastUsedAt?.getTime();
  if (lastUsed === undefined || now.getTime() - lastUsed >= API_TOKEN_TOUCH_INTERVAL_MS)
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.token.id));
  return row;
}
