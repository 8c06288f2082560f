import "server-only";
import type { Tx } from "@/db/client";
import { patients, therapyLines, visits } from "@/db/schema";
import type { PatientInsert, PatientRow } from "./patient-queries";
import type { TherapyLineRow } from "./therapy-line-queries";
import type { VisitInsert, VisitRow } from "./visit-queries";

/**
 * Many new records in few statements, for the bulk import's new patients
 * (docs/decisions/0037-bulk-import.md): multi-row inserts, in slices that keep a statement's
 * parameters within PostgreSQL's limit of 65,535 (a patient row sends about 30).
 */
const ROWS_PER_STATEMENT = 2_000;

export function insertPatientsInBulk(tx: Tx, rows: PatientInsert[]): Promise<PatientRow[]> {
  return insertSliced(rows, (slice) => tx.insert(patients).values(slice).returning());
}

export function insertLinesInBulk(
  tx: Tx,
  rows: (typeof therapyLines.$inferInsert)[],
): Promise<TherapyLineRow[]> {
  return insertSliced(rows, (slice) => tx.insert(therapyLines).values(slice).returning());
}

export function insertVisitsInBulk(tx: Tx, rows: VisitInsert[]): Promise<VisitRow[]> {
  return insertSliced(rows, (slice) => tx.insert(visits).values(slice).returning());
}

async function insertSliced<I, R>(rows: I[], insert: (slice: I[]) => Promise<R[]>): Promise<R[]> {
  const inserted: R[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    inserted.push(...(await insert(rows.slice(start, start + ROWS_PER_STATEMENT))));
  return inserted;
}
