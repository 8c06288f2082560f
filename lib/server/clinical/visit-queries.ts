import "server-only";
import { and, asc, eq, getTableColumns, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { prepared } from "@/db/prepared";
import { patients, visits } from "@/db/schema";
import type { PatientScope } from "../auth/policy";
import { scopeCondition, scopeConditionPrepared, scopeKey } from "./patient-scope-sql";

export type VisitRow = typeof visits.$inferSelect;
export type VisitInsert = typeof visits.$inferInsert;

/**
 * Live visits of live patients inside the scope: every visit read joins its patient, so a visit is
 * visible exactly when its patient is.
 */
function visible(scope: PatientScope, ...more: (SQL | undefined)[]): SQL {
  return and(isNull(visits.deletedAt), isNull(patients.deletedAt), scopeCondition(scope), ...more)!;
}

function selectVisits(tx: Queryable) {
  return tx
    .select(getTableColumns(visits))
    .from(visits)
    .innerJoin(patients, and(eq(patients.id, visits.patientId), eq(patients.studyId, visits.studyId)));
}

/**
 * Locks the patient of a visit before the visit itself: every visit write of a patient takes the
 * patient row first (creation does too), so writers of one patient queue instead of deadlocking,
 * and the patient's maintained figures are written by one of them at a time.
 */
export async function lockPatientOfVisit(tx: Queryable, visitId: number): Promise<FreezeState | null> {
  return freezeOfVisitPatient(tx, visitId, true);
}

/** What the patient freeze asks of a visit's patient (docs/decisions/0034-patient-and-study-lock.md). */
export type FreezeState = { code: string; lockedAt: Date | null };

/** The freeze of a visit's patient, read under the patient row's lock when `forUpdate`. */
export async function freezeOfVisitPatient(
  tx: Queryable,
  visitId: number,
  forUpdate: boolean,
): Promise<FreezeState | null> {
  const [row] = await tx.select({ patientId: visits.patientId }).from(visits).where(eq(visits.id, visitId));
  if (!row) return null;
  const query = tx
    .select({ code: patients.code, lockedAt: patients.lockedAt })
    .from(patients)
    .where(eq(patients.id, row.patientId));
  const [patient] = forUpdate ? await query.for("update") : await query;
  return patient ?? null;
}

export async function findVisitInScope(
  tx: Queryable,
  p: { id: number; studyId: number; scope: PatientScope; forUpdate?: boolean },
): Promise<VisitRow | null> {
  const query = selectVisits(tx).where(visible(p.scope, eq(visits.id, p.id), eq(visits.studyId, p.studyId)));
  // FOR UPDATE OF visits: the patient row is only read.
  const [row] = p.forUpdate ? await query.for("update", { of: visits }) : await query;
  return row ?? null;
}

export function listVisitsOfPatient(
  tx: Queryable,
  p: { patientId: number; studyId: number; scope: PatientScope },
): Promise<VisitRow[]> {
  return prepared(tx, `visits_of_patient_${p.scope.kind}`, (q, name) =>
    selectVisits(q)
      .where(
        and(
          isNull(visits.deletedAt),
          isNull(patients.deletedAt),
          scopeConditionPrepared(p.scope.kind),
          eq(visits.patientId, sql.placeholder("patientId")),
          eq(visits.studyId, sql.placeholder("studyId")),
        ),
      )
      .orderBy(asc(visits.visitNumber))
      .prepare(name),
  ).execute({ patientId: p.patientId, studyId: p.studyId, scopeKey: scopeKey(p.scope) });
}

/**
 * The live visits of a live patient in the scope, in one statement with the patient's own check:
 * null when the patient is missing, deleted or outside the scope (the caller answers 404), else
 * its visits (none is an empty list). The patient is the driving row and its visits are joined to
 * it, so the scope is the same condition on `patients` as everywhere (patient-scope-sql.ts) and a
 * read of the visits needs no separate read of the patient (decision 0019).
 */
export async function listVisitsOfPatientInScope(
  tx: Queryable,
  p: { patientId: number; studyId: number; scope: PatientScope },
): Promise<VisitRow[] | null> {
  const rows = await prepared(tx, `visits_of_patient_in_scope_${p.scope.kind}`, (q, name) =>
    q
      .select({ patientId: patients.id, visit: getTableColumns(visits) })
      .from(patients)
      .leftJoin(
        visits,
        and(
          eq(visits.patientId, patients.id),
          eq(visits.studyId, patients.studyId),
          isNull(visits.deletedAt),
        ),
      )
      .where(
        and(
          eq(patients.id, sql.placeholder("patientId")),
          eq(patients.studyId, sql.placeholder("studyId")),
          isNull(patients.deletedAt),
          scopeConditionPrepared(p.scope.kind),
        ),
      )
      .orderBy(asc(visits.visitNumber))
      .prepare(name),
  ).execute({ patientId: p.patientId, studyId: p.studyId, scopeKey: scopeKey(p.scope) });
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.visit ? [row.visit] : []));
}

export function listVisitsOfLine(
  tx: Queryable,
  p: { lineId: number; studyId: number; scope: PatientScope },
): Promise<VisitRow[]> {
  return selectVisits(tx)
    .where(visible(p.scope, eq(visits.therapyLineId, p.lineId), eq(visits.studyId, p.studyId)))
    .orderBy(asc(visits.visitNumber));
}

export async function visitNumberTaken(
  tx: Queryable,
  patientId: number,
  visitNumber: number,
  exceptId?: number,
) {
  const [row] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.patientId, patientId),
        eq(visits.visitNumber, visitNumber),
        isNull(visits.deletedAt),
        exceptId === undefined ? undefined : ne(visits.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertVisit(tx: Queryable, values: VisitInsert): Promise<VisitRow> {
  const [row] = await tx.insert(visits).values(values).returning();
  if (!row) throw new Error("Visit insert returned nothing");
  return row;
}

/** A versioned change of a visit read FOR UPDATE in scope (the version filter fails closed). */
export async function updateVisitRow(
  tx: Queryable,
  current: VisitRow,
  values: Partial<VisitInsert>,
): Promise<VisitRow> {
  const [row] = await tx
    .update(visits)
    .set({ ...values, version: current.version + 1, updatedAt: new Date() })
    .where(and(eq(visits.id, current.id), eq(visits.version, current.version)))
    .returning();
  if (!row) throw new Error(`Visit ${current.id}: locked row changed during its update`);
  return row;
}

/** Derived values only (recomputed calculations): the visit's own data and version stay. */
export async function storeCalculatedValues(
  tx: Queryable,
  id: number,
  calculated: { values: Record<string, unknown>; notes: Record<string, string> },
  configVersion: number,
): Promise<void> {
  await tx
    .update(visits)
    .set({ calculatedValues: calculated.values, calculationNotes: calculated.notes, configVersion })
    .where(eq(visits.id, id));
}

/**
 * Ids of every visit of one patient, soft-deleted ones included (their audit rows still belong to
 * the patient's trail). Read-only; the caller has already opened the patient in the actor's scope.
 */
export async function visitIdsOfPatient(tx: Queryable, patientId: number): Promise<number[]> {
  const rows = await tx.select({ id: visits.id }).from(visits).where(eq(visits.patientId, patientId));
  return rows.map((row) => row.id);
}
