import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { patients, therapyLines, visits } from "@/db/schema";
import type { ReportSettings } from "../reports/report-settings";

export type PatientSummary = {
  visitCount: number;
  adverseEventCount: number;
  seriousAdverseEventCount: number;
  efficacyEvaluated: boolean;
  efficacyAchieved: boolean;
  therapyLineCount: number;
  hasActiveLine: boolean;
};

type VisitFacts = { dataFields: Record<string, unknown>; calculatedValues: Record<string, unknown> };

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
  };
}

/**
 * Recomputes the patient's maintained dashboard figures inside the transaction of a visit write
 * (a patient has a handful of visits, so this is a small read), so the dashboard aggregates one row
 * per patient. The figures follow the visits' stored calculated values.
 */
export async function refreshPatientSummary(
  tx: Queryable,
  settings: ReportSettings,
  patientId: number,
): Promise<PatientSummary> {
  const liveVisits = await tx
    .select({ dataFields: visits.dataFields, calculatedValues: visits.calculatedValues })
    .from(visits)
    .where(and(eq(visits.patientId, patientId), isNull(visits.deletedAt)));
  const lines = await tx
    .select({ endDate: therapyLines.endDate })
    .from(therapyLines)
    .where(eq(therapyLines.patientId, patientId))
    .orderBy(asc(therapyLines.lineNumber));
  const summary = summarize(settings, liveVisits, lines);
  await tx.update(patients).set(summary).where(eq(patients.id, patientId));
  return summary;
}
