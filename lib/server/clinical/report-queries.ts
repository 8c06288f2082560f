import "server-only";
import { and, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { prepared } from "@/db/prepared";
import { patientFigureTotals, patients, therapyLines, visits } from "@/db/schema";
import type { PatientScope } from "../auth/policy";
import { scopeCondition, scopeKey, totalsScopeConditionPrepared } from "./patient-scope-sql";

/**
 * The study's figures, counted in SQL over the same scoped set the patient list shows (decisions
 * 0004 and 0009): live patients in the actor's scope, their live visits and their lines.
 */
type Scoped = { studyId: number; scope: PatientScope };

const number = (expression: SQL) => expression.mapWith(Number);

function livePatients(p: Scoped): SQL {
  return and(eq(patients.studyId, p.studyId), isNull(patients.deletedAt), scopeCondition(p.scope))!;
}

/** `data ->> key` is JSON true (a boolean field or calculation that held). */
const isTrue = (column: AnyColumn, key: string) => sql`(${column} -> ${key}::text) = 'true'::jsonb`;
/** The calculation produced a yes/no answer (not null: its inputs were there). */
const isBoolean = (column: AnyColumn, key: string) =>
  sql`jsonb_typeof(${column} -> ${key}::text) = 'boolean'`;

/**
 * The dashboard's figures per sex from the maintained totals (patient_figure_totals, kept by the
 * database at every patient write): a sum over the scope's buckets, whose cost does not grow with
 * the number of patients or visits.
 */
export function dashboardBySex(tx: Queryable, p: Scoped) {
  const t = patientFigureTotals;
  return prepared(tx, `dashboard_by_sex_${p.scope.kind}`, (q, name) =>
    q
      .select({
        sex: t.sex,
        patients: number(sql`coalesce(sum(${t.patients}), 0)`),
        visits: number(sql`coalesce(sum(${t.visits}), 0)`),
        adverseEvents: number(sql`coalesce(sum(${t.adverseEvents}), 0)`),
        serious: number(sql`coalesce(sum(${t.seriousAdverseEvents}), 0)`),
        evaluated: number(sql`coalesce(sum(${t.efficacyEvaluated}), 0)`),
        achieved: number(sql`coalesce(sum(${t.efficacyAchieved}), 0)`),
        lines: number(sql`coalesce(sum(${t.therapyLines}), 0)`),
        active: number(sql`coalesce(sum(${t.activeTherapies}), 0)`),
        patientsComplete: number(sql`coalesce(sum(${t.patientsComplete}), 0)`),
        patientsVerified: number(sql`coalesce(sum(${t.patientsVerified}), 0)`),
        visitsComplete: number(sql`coalesce(sum(${t.visitsComplete}), 0)`),
        visitsVerified: number(sql`coalesce(sum(${t.visitsVerified}), 0)`),
        visitsLocked: number(sql`coalesce(sum(${t.visitsLocked}), 0)`),
        queriesOpen: number(sql`coalesce(sum(${t.queriesOpen}), 0)`),
        queriesAnswered: number(sql`coalesce(sum(${t.queriesAnswered}), 0)`),
        queriesClosed: number(sql`coalesce(sum(${t.queriesClosed}), 0)`),
      })
      .from(t)
      .where(and(eq(t.studyId, sql.placeholder("studyId")), totalsScopeConditionPrepared(p.scope.kind)))
      .groupBy(t.sex)
      .having(sql`sum(${t.patients}) > 0`)
      .prepare(name),
  ).execute({ studyId: p.studyId, scopeKey: scopeKey(p.scope) });
}

/** Per line number: patients on such a line, how many still on it. */
export function linesByNumber(tx: Queryable, p: Scoped) {
  return tx
    .select({
      lineNumber: therapyLines.lineNumber,
      patients: number(sql`count(distinct ${therapyLines.patientId})`),
      active: number(sql`count(*) filter (where ${therapyLines.endDate} is null)`),
    })
    .from(therapyLines)
    .innerJoin(
      patients,
      and(eq(patients.id, therapyLines.patientId), eq(patients.studyId, therapyLines.studyId)),
    )
    .where(and(eq(therapyLines.studyId, p.studyId), livePatients(p)))
    .groupBy(therapyLines.lineNumber)
    .orderBy(therapyLines.lineNumber);
}

/** Per line number: visits on such lines and the efficacy calculation's patients. */
export function visitsByLineNumber(tx: Queryable, p: Scoped & { efficacy: string | null }) {
  const zero = sql`0`;
  return tx
    .select({
      lineNumber: therapyLines.lineNumber,
      visits: number(sql`count(*)`),
      achieved: number(
        p.efficacy
          ? sql`count(distinct ${visits.patientId}) filter (where ${isTrue(visits.calculatedValues, p.efficacy)})`
          : zero,
      ),
      evaluated: number(
        p.efficacy
          ? sql`count(distinct ${visits.patientId}) filter (where ${isBoolean(visits.calculatedValues, p.efficacy)})`
          : zero,
      ),
    })
    .from(visits)
    .innerJoin(
      therapyLines,
      and(eq(therapyLines.id, visits.therapyLineId), eq(therapyLines.patientId, visits.patientId)),
    )
    .innerJoin(patients, and(eq(patients.id, visits.patientId), eq(patients.studyId, visits.studyId)))
    .where(and(eq(visits.studyId, p.studyId), isNull(visits.deletedAt), livePatients(p)))
    .groupBy(therapyLines.lineNumber);
}

/** Why lines of each number were closed. */
export function switchReasonsByLineNumber(tx: Queryable, p: Scoped) {
  return tx
    .select({
      lineNumber: therapyLines.lineNumber,
      reason: therapyLines.switchReason,
      n: number(sql`count(*)`),
    })
    .from(therapyLines)
    .innerJoin(
      patients,
      and(eq(patients.id, therapyLines.patientId), eq(patients.studyId, therapyLines.studyId)),
    )
    .where(and(eq(therapyLines.studyId, p.studyId), isNotNull(therapyLines.switchReason), livePatients(p)))
    .groupBy(therapyLines.lineNumber, therapyLines.switchReason);
}
