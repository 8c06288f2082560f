import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { studies, userStudyRoles } from "@/db/schema";
import type { Queryable } from "@/db/client";
import { accountEnv } from "@/lib/env";
import { isPlatformAdmin, type PolicyActor } from "./policy";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a second factor is required of this user (decision 0033): of platform administrators
 * when REQUIRE_TOTP_FOR_ADMINS is on, and of anyone holding a role that one of their studies lists
 * in `two_factor_roles`. Asked at sign-in and at token refresh (one statement), and carried by the
 * session's token: no request pays for it, and a new requirement applies from the next sign-in.
 */
export async function secondFactorRequired(db: Queryable, user: PolicyActor): Promise<boolean> {
  if (accountEnv().REQUIRE_TOTP_FOR_ADMINS && isPlatformAdmin(user)) return true;
  const [row] = await db
    .select({ role: userStudyRoles.role })
    .from(userStudyRoles)
    .innerJoin(studies, eq(studies.id, userStudyRoles.studyId))
    .where(
      and(
        eq(userStudyRoles.userId, user.userId),
        sql`coalesce(${studies.config} -> 'two_factor_roles', '[]'::jsonb) @> to_jsonb(${userStudyRoles.role})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The password is older than PASSWORD_MAX_AGE_DAYS at `now` (never, when it is unset). */
export function passwordExpired(passwordChangedAt: Date, now: Date): boolean {
  const days = accountEnv().PASSWORD_MAX_AGE_DAYS;
  return days !== undefined && now.getTime() - passwordChangedAt.getTime() >= days * DAY_MS;
}
