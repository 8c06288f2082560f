/**
 * A patient's enrolment date (docs/decisions/0028): the date of their baseline visit, the earliest
 * visit by date (ties by number), not the time the row was typed in; null before any visit.
 */
export function enrolmentDate(
  visits: readonly { visit_date: string; visit_number: number }[],
): string | null {
  let first: { visit_date: string; visit_number: number } | null = null;
  for (const visit of visits) {
    if (
      first === null ||
      visit.visit_date < first.visit_date ||
      (visit.visit_date === first.visit_date && visit.visit_number < first.visit_number)
    )
      first = visit;
  }
  return first?.visit_date ?? null;
}
