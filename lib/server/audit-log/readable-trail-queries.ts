import "server-only";
import { inArray } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { studies } from "@/db/schema";

/** The studies' stored configurations, for their field labels. */
export function readStudyConfigs(tx: Queryable, studyIds: number[]) {
  if (studyIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: studies.id, code: studies.code, version: studies.version, config: studies.config })
    .from(studies)
    .where(inArray(studies.id, studyIds));
}
