import "server-only";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { studies, userStudyRoles } from "@/db/schema";

export type StudyRow = typeof studies.$inferSelect;

/**
 * Fields counted in SQL, so a list never reads or parses whole configs. Version 0 documents kept
 * data fields as `{ patient: [...], visit: [...] }` (migrateStudyConfig flattens them), so a map
 * counts the lengths of its lists; anything else counts 0 rather than failing the whole list.
 */
const fieldCount = sql<number>`(case jsonb_typeof(${studies.config} -> 'data_fields')
  when 'array' then jsonb_array_length(${studies.config} -> 'data_fields')
  when 'object' then (
    select coalesce(sum(case when jsonb_typeof(e.value) = 'array' then jsonb_array_length(e.value) else 0 end), 0)
    from jsonb_each(${studies.config} -> 'data_fields') as e
  )
  else 0 end)::int`;

/** What the study list shows: every column but the config. */
const summaryColumns = {
  id: studies.id,
  code: studies.code,
  name: studies.name,
  disease: studies.disease,
  description: studies.description,
  domain: studies.domain,
  isActive: studies.isActive,
  defaultLanguage: studies.defaultLanguage,
  version: studies.version,
  lockedAt: studies.lockedAt,
  fieldCount,
  createdAt: studies.createdAt,
  updatedAt: studies.updatedAt,
};

export type StudySummaryRow = Omit<StudyRow, "config" | "createdBy" | "lockedBy"> & { fieldCount: number };

export function listAllStudies(tx: Queryable): Promise<StudySummaryRow[]> {
  return tx.select(summaryColumns).from(studies).orderBy(asc(studies.name), asc(studies.id));
}

/** Studies where the user holds a role. */
export function listStudiesForMember(tx: Queryable, userId: number): Promise<StudySummaryRow[]> {
  const memberStudyIds = tx
    .select({ id: userStudyRoles.studyId })
    .from(userStudyRoles)
    .where(eq(userStudyRoles.userId, userId));
  return tx
    .select(summaryColumns)
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
