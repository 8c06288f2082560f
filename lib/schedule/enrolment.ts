/**
 * A patient's enrolment date (docs/decisions/0028): the date of their baseline visit, the earliest
 * live visit by date, not the time the row was typed in; null before any visit. The server keeps it
 * on the patient row (patients.enrolled_on, lib/server/clinical/patient-summary.ts) for the page,
 * the list, its sort and the export alike. Pure.
 */
export function enrolmentDate(visits: readonly { visitDate: string }[]): string | null {
  let first: string | null = null;
  for (const visit of visits) if (first === null || visit.visitDate < first) first = visit.visitDate;
  return first;
}
