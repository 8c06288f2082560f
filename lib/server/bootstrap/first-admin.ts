import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { env } from "@/lib/env";
import { SYSTEM_META } from "../api/request-meta";
import { auditedTransaction } from "../audit/audit-writer";
import { normalizeEmail, toUserResponse } from "../auth/auth-service";
import { hashPassword } from "../auth/password";
import { passwordProblem } from "../auth/password-policy";
import { translatorFor } from "../i18n/translator";

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

/**
 * On an empty database, creates the first superadmin: from ADMIN_EMAIL / ADMIN_PASSWORD when set,
 * otherwise with a strong random password printed once. There is no fixed default password.
 * Returns the credentials when a generated password must be shown, else null.
 */
export async function ensureFirstAdmin(
  db: Db,
): Promise<{ email: string; password: string; generated: boolean } | null> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;

  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  const email = normalizeEmail(ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL);
  // A weak ADMIN_PASSWORD is a configuration error: refuse to start rather than create the account.
  const problem = ADMIN_PASSWORD === undefined ? null : passwordProblem(ADMIN_PASSWORD);
  // An operator's start-up message, in English like the server's logs (docs/decisions/0021).
  if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${(await translatorFor("en")).words(problem)}`);
  const password = ADMIN_PASSWORD ?? randomBytes(18).toString("base64url");
  const passwordHash = await hashPassword(password);

  const created = await auditedTransaction(db, async (tx, audit) => {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        fullName: "Platform Administrator",
        passwordHash,
        roleLevel: "superadmin",
        isSuperuser: true,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) return false;
    audit({
      action: "create",
      entityType: "user",
      entityId: row.id,
      actor: null,
      meta: SYSTEM_META,
      reason: "First superadmin created at first start",
      newValues: toUserResponse(row),
    });
    return true;
  });
  return created ? { email, password, generated: !ADMIN_PASSWORD } : null;
}
