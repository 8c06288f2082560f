import "server-only";
import { asc, eq, inArray, or } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { studies, userStudyRoles } from "@/db/schema";

export type StudyRow = typeof studies.$inferSelect;

export function listAllStudies(tx: Queryable) {
  return tx.select().from(studies).orderBy(asc(studies.name), asc(studies.id));
}

/** Studies where the user holds a role. */
export function listStudiesForMember(tx: Queryable, userId: number) {
  const memberStudyIds = tx
    .select({ id: userStudyRoles.studyId })
    .from(userStudyRoles)
    .where(eq(userStudyRoles.userId, userId));
  return tx
    .select()
    .from(studies)
    .where(inArray(studies.id, memberStudyIds))
    .orderBy(asc(studies.name), asc(studies.id));
}

export async function findStudyById(tx: Queryable, id: number): Promise<StudyRow | undefined> {
  const [row] = await tx.select().from(studies).where(eq(studies.id, id)).limit(1);
  return row;
}

/** The study area is reached by code or by subdomain. */
export async function findStudyByCodeOrDomain(tx: Queryable, key: string): Promise<StudyRow | undefined> {
  const [row] = await tx
    .select()
    .from(studies)
    .where(or(eq(studies.code, key), eq(studies.domain, key)))
    .orderBy(asc(studies.id))
    .limit(1);
  return row;
}
