import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { studies, userStudyRoles } from "@/db/schema";

export function listAllStudies(tx: Queryable) {
  return tx.select().from(studies).orderBy(asc(studies.name));
}

/** Studies where the user holds a role. */
export function listStudiesForMember(tx: Queryable, userId: number) {
  const memberStudyIds = tx
    .select({ id: userStudyRoles.studyId })
    .from(userStudyRoles)
    .where(eq(userStudyRoles.userId, userId));
  return tx.select().from(studies).where(inArray(studies.id, memberStudyIds)).orderBy(asc(studies.name));
}
