/** Import jobs the generated route tests act on (role matrix, audit coverage, data lock). */
import { getDb } from "@/db/client";
import { importJobs } from "@/db/schema";
import type { ImportJobState } from "@/lib/schemas/import-jobs";

/** A small csv-long file: a header the reader knows and one patient without visits. */
export const IMPORT_CSV = new TextEncoder().encode(
  "patient_code,birth_date,sex\r\nIMPORTED-1,1980-05-17,F\r\n",
);

export const IMPORT_FIELDS = { format: "csv-long", mode: "preview" };

/**
 * A job row of the study, as a start would leave it, without a process running it: its file is
 * never read (a cancel or a read of the job needs none).
 */
export async function importJobOf(
  studyId: number,
  userId: number,
  state: ImportJobState = "running",
  columns: Partial<typeof importJobs.$inferInsert> = {},
) {
  const db = await getDb();
  const [job] = await db
    .insert(importJobs)
    .values({
      studyId,
      format: "csv-long",
      mode: "preview",
      state,
      fileName: "fixture.csv",
      fileKey: "0".repeat(32),
      fileSha256: "0".repeat(64),
      fileBytes: 0,
      createdBy: userId,
      locale: "en",
      heartbeatAt: new Date(),
      ...columns,
    })
    .returning();
  return job!;
}
