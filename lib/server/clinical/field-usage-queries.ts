import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { sql } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { patients, visits } from "@/db/schema";
import type { FieldUsageResponse } from "@/lib/schemas/field-usage";
import type { Actor } from "../auth/actor";
import { notFound } from "../api/errors";
import { requireStudyPermissionToRead } from "../auth/study-access";
import { findStudyById } from "../studies/study-queries";

/**
 * How many live records of the study hold a value under each key of their custom data, for the
 * Data Fields editor: renaming or removing a field that holds data leaves that data under a name
 * the forms no longer show, so the editor says how much before the admin saves. "Holds a value":
 * the key is present and is not null, an empty string or an empty list. Only counts leave here.
 */
async function countKeys(tx: Queryable, table: typeof patients | typeof visits, studyId: number) {
  const column = table === patients ? patients.customFields : visits.dataFields;
  const result = await tx.execute(sql`
    select k.key as key, count(*)::int as count
    from ${table}, jsonb_each(${column}) as k(key, value)
    where ${table.studyId} = ${studyId} and ${table.deletedAt} is null
      and k.value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
    group by k.key`);
  const rows = (result as unknown as { rows: { key: string; count: number | string }[] }).rows;
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.key] = Number(row.count);
  return counts;
}

/**
 * Needs the right to configure the study: the figures serve its editor. A study that does not exist
 * answers 404 as every study route does (a platform admin's access alone would count nothing).
 */
export async function fieldUsage(db: Db, actor: Actor, studyId: number): Promise<FieldUsageResponse> {
  if (!(await findStudyById(db, studyId))) throw notFound(messageRef("api.studies.notFound"));
  await requireStudyPermissionToRead(db, actor, studyId, "study.configure");
  const [patient, visit] = await Promise.all([
    countKeys(db, patients, studyId),
    countKeys(db, visits, studyId),
  ]);
  return { patient, visit };
}
