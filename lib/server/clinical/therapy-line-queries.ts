import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { prepared } from "@/db/prepared";
import { therapyLines } from "@/db/schema";

export type TherapyLineRow = typeof therapyLines.$inferSelect;

/**
 * A patient's lines in order, locked: a visit write may close one and open the next. Prepared
 * (db/prepared.ts): every visit creation asks.
 */
export function linesOfPatientForUpdate(tx: Queryable, patientId: number): Promise<TherapyLineRow[]> {
  return prepared(tx, "therapy_lines_of_patient_for_update", (q, name) =>
    q
      .select()
      .from(therapyLines)
      .where(eq(therapyLines.patientId, sql.placeholder("patientId")))
      .orderBy(asc(therapyLines.lineNumber))
      .for("update")
      .prepare(name),
  ).execute({ patientId });
}

/** Where a line lives (its study and patient), so the caller can check the patient's scope. */
export async function locateLine(tx: Queryable, id: number) {
  const [row] = await tx
    .select({ studyId: therapyLines.studyId, patientId: therapyLines.patientId })
    .from(therapyLines)
    .where(eq(therapyLines.id, id));
  return row ?? null;
}

export async function insertLine(
  tx: Queryable,
  values: typeof therapyLines.$inferInsert,
): Promise<TherapyLineRow> {
  const [row] = await tx.insert(therapyLines).values(values).returning();
  if (!row) throw new Error("Therapy line insert returned nothing");
  return row;
}

export async function closeLine(
  tx: Queryable,
  line: TherapyLineRow,
  values: { endDate: string; switchReason: string | null; switchData: Record<string, unknown> },
): Promise<TherapyLineRow> {
  const [row] = await tx
    .update(therapyLines)
    .set(values)
    .where(and(eq(therapyLines.id, line.id), eq(therapyLines.patientId, line.patientId)))
    .returning();
  if (!row) throw new Error(`Therapy line ${line.id} vanished while being closed`);
  return row;
}
