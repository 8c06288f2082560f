import "server-only";
import { eq } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { studies } from "@/db/schema";
import { DATA_LOCK_MESSAGES } from "@/lib/schemas/data-lock";
import { ApiError } from "../api/errors";

/**
 * The study lock's one refusal (docs/decisions/0034-patient-and-study-lock.md): while a study is
 * locked every write in it answers 423, whoever asks, as a locked visit does; reads go on.
 */
export function assertStudyOpen(lockedAt: Date | null): void {
  if (lockedAt) throw new ApiError("locked", DATA_LOCK_MESSAGES.studyLocked);
}

/** The same refusal for services that do not hold the study's context: one read of its row. */
export async function requireStudyOpen(tx: Queryable, studyId: number): Promise<void> {
  const [row] = await tx
    .select({ lockedAt: studies.lockedAt })
    .from(studies)
    .where(eq(studies.id, studyId))
    .limit(1);
  assertStudyOpen(row?.lockedAt ?? null);
}
