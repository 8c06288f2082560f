import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { prepared } from "@/db/prepared";
import { patients, therapyLines, visits } from "@/db/schema";
import type { FormStatus } from "@/lib/schemas/data-review";
import { enrolmentDate } from "@/lib/schedule/enrolment";
import { visitSchedule, type ScheduleVisit } from "@/lib/schedule/visit-schedule";
import type { ReportSettings } from "../reports/report-settings";

export type PatientSummary = {
  visitCount: number;
  adverseEventCount: number;
  seriousAdverseEventCount: number;
  efficacyEvaluated: boolean;
  efficacyAchieved: boolean;
  therapyLineCount: number;
  hasActiveLine: boolean;
  /** The live visits by form status (decision 0031); in progress is the rest. */
  visitsComplete: number;
  visitsVerified: number;
  visitsLocked: number;
};

type VisitFacts = {
  dataFields: Record<string, unknown>;
  calculatedValues: Record<string, unknown>;
  formStatus: FormStatus;
};
/** What the schedule reads of a visit besides (decision 0025). */
type ScheduledVisitFacts = VisitFacts & ScheduleVisit;

/**
 * The patient's dates kept on their row: the visit schedule's next planned visit not yet done
 * (decision 0025) and the enrolment, the earliest live visit's date (decision 0028).
 */
export type VisitDates = {
  nextVisitType: string | null;
  nextVisitDue: string | null;
  nextVisitWindowEnd: string | null;
  enrolledOn: string | null;
};

/**
 * The patient's dates from their live visits: the next planned visit by lib/schedule/visit-schedule.ts
 * (the rule the schedule endpoint shows; today plays no part in which visit is next, only in its
 * status) and the enrolment by lib/schedule/enrolment.ts.
 */
export function visitDates(settings: ReportSettings, liveVisits: readonly ScheduleVisit[]): VisitDates {
  const next = visitSchedule(settings.schedule, liveVisits, "0001-01-01").next;
  return {
    nextVisitType: next?.visitType ?? null,
    nextVisitDue: next?.due ?? null,
    nextVisitWindowEnd: next?.windowEnd ?? null,
    enrolledOn: enrolmentDate(liveVisits),
  };
}

/** One patient's dashboard figures from their live visits and their lines (pure). */
export function summarize(
  settings: ReportSettings,
  liveVisits: readonly VisitFacts[],
  lines: readonly { endDate: string | null }[],
): PatientSummary {
  const flag = (values: Record<string, unknown>, key: string | null) => key !== null && values[key] === true;
  const efficacy = settings.efficacy?.name ?? null;
  return {
    visitCount: liveVisits.length,
    adverseEventCount: liveVisits.filter((v) => flag(v.dataFields, settings.adverseEventField)).length,
    seriousAdverseEventCount: liveVisits.filter((v) => flag(v.dataFields, settings.seriousAdverseEventField))
      .length,
    efficacyEvaluated:
      efficacy !== null && liveVisits.some((v) => typeof v.calculatedValues[efficacy] === "boolean"),
    efficacyAchieved: liveVisits.some((v) => flag(v.calculatedValues, efficacy)),
    therapyLineCount: lines.length,
    hasActiveLine: lines.some((line) => line.endDate === null),
    visitsComplete: liveVisits.filter((v) => v.formStatus === "complete").length,
    visitsVerified: liveVisits.filter((v) => v.formStatus === "verified").length,
    visitsLocked: liveVisits.filter((v) => v.formStatus === "locked").length,
  };
}

/**
 * Recomputes the patient's maintained dashboard figures inside the transaction of a visit write, so
 * the dashboard reads maintained totals instead of every visit (patient_figure_totals follows the
 * patient row in the database). The figures follow the visits' stored calculated values. A caller
 * that already holds the patient's live visits and lines as they now stand passes them (`known`)
 * and saves the two reads; the row is written only when a figure moved. The visit schedule's next
 * planned visit (decision 0025) and the enrolment date (decision 0028) are kept in the same
 * statement: a visit write costs no extra round trip for them.
 */
export async function refreshPatientSummary(
  tx: Queryable,
  settings: ReportSettings,
  patientId: number,
  known?: { liveVisits: readonly ScheduledVisitFacts[]; lines: readonly { endDate: string | null }[] },
  stored?: PatientSummary & VisitDates,
): Promise<PatientSummary> {
  const liveVisits =
    known?.liveVisits ??
    (await tx
      .select({
        dataFields: visits.dataFields,
        calculatedValues: visits.calculatedValues,
        formStatus: visits.formStatus,
        id: visits.id,
        visitType: visits.visitType,
        visitDate: visits.visitDate,
        visitNumber: visits.visitNumber,
      })
      .from(visits)
      .where(and(eq(visits.patientId, patientId), isNull(visits.deletedAt))));
  const lines =
    known?.lines ??
    (await tx
      .select({ endDate: therapyLines.endDate })
      .from(therapyLines)
      .where(eq(therapyLines.patientId, patientId))
      .orderBy(asc(therapyLines.lineNumber)));
  const summary = summarize(settings, liveVisits, lines);
  const dates = visitDates(settings, liveVisits);
  if (stored && sameSummary(stored, summary) && sameDates(stored, dates)) return summary;
  // Prepared (db/prepared.ts): every visit write sends it.
  await prepared(tx, "patient_summary_update", (q, name) =>
    q
      .update(patients)
      .set({
        visitCount: sql`${sql.placeholder("visitCount")}`,
        adverseEventCount: sql`${sql.placeholder("adverseEventCount")}`,
        seriousAdverseEventCount: sql`${sql.placeholder("seriousAdverseEventCount")}`,
        efficacyEvaluated: sql`${sql.placeholder("efficacyEvaluated")}`,
        efficacyAchieved: sql`${sql.placeholder("efficacyAchieved")}`,
        therapyLineCount: sql`${sql.placeholder("therapyLineCount")}`,
        hasActiveLine: sql`${sql.placeholder("hasActiveLine")}`,
        visitsComplete: sql`${sql.placeholder("visitsComplete")}`,
        visitsVerified: sql`${sql.placeholder("visitsVerified")}`,
        visitsLocked: sql`${sql.placeholder("visitsLocked")}`,
        nextVisitType: sql`${sql.placeholder("nextVisitType")}`,
        nextVisitDue: sql`${sql.placeholder("nextVisitDue")}::date`,
        nextVisitWindowEnd: sql`${sql.placeholder("nextVisitWindowEnd")}::date`,
        enrolledOn: sql`${sql.placeholder("enrolledOn")}::date`,
      } satisfies Record<keyof (PatientSummary & VisitDates), unknown>)
      .where(eq(patients.id, sql.placeholder("patientId")))
      .prepare(name),
  ).execute({ ...summary, ...dates, patientId });
  return summary;
}

function sameDates(a: VisitDates, b: VisitDates): boolean {
  return (
    a.nextVisitType === b.nextVisitType &&
    a.nextVisitDue === b.nextVisitDue &&
    a.nextVisitWindowEnd === b.nextVisitWindowEnd &&
    a.enrolledOn === b.enrolledOn
  );
}

function sameSummary(a: PatientSummary, b: PatientSummary): boolean {
  return (Object.keys(b) as (keyof PatientSummary)[]).every((key) => a[key] === b[key]);
}
