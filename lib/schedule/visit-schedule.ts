/**
 * The visit schedule (docs/decisions/0025): from a study's visit types, one patient's live visits
 * and today, the planned visits with their due dates, windows and statuses. Pure: the patient page
 * (through the API), the schedule endpoint and the tests share it. The maintained `next_visit_*`
 * columns are the same rule written once in SQL for whole studies
 * (lib/server/clinical/schedule-queries.ts); tests/api/visit-schedule.test.ts holds the two equal.
 *
 * Dates are calendar dates `YYYY-MM-DD` (lib/dates/calendar-date.ts): they compare as text.
 */
import { writeCalendarDate } from "@/lib/dates/calendar-date";

export type ScheduledVisitType = {
  code: string;
  order: number;
  day_offset?: number;
  window_before?: number;
  window_after?: number;
};

export type ScheduleVisit = { id: number; visitType: string; visitDate: string; visitNumber: number };

export const PLANNED_VISIT_STATUSES = ["done", "due", "overdue", "upcoming", "out_of_window"] as const;
export type PlannedVisitStatus = (typeof PLANNED_VISIT_STATUSES)[number];

export type PlannedVisit = {
  visitType: string;
  dayOffset: number;
  /** Null while the schedule has not started (no baseline visit yet). */
  due: string | null;
  windowStart: string | null;
  windowEnd: string | null;
  /** The visit that fulfils this planned one: the earliest live visit of its type. */
  visit: { id: number; visitNumber: number; visitDate: string } | null;
  /** Null while the schedule has not started. */
  status: PlannedVisitStatus | null;
};

export type VisitSchedule = {
  /** False for a study with no scheduled visit type (no type has a day offset). */
  scheduled: boolean;
  /** The baseline visit type: the one whose day offset is 0. */
  baselineType: string | null;
  /** The baseline visit's date: the schedule starts there; null = not started. */
  baselineDate: string | null;
  planned: PlannedVisit[];
  /** The first planned visit not yet done (what the patient row maintains), or null. */
  next: PlannedVisit | null;
};

/** A calendar date plus (or minus) whole days, as `YYYY-MM-DD`. */
export function shiftDate(date: string, days: number): string {
  // Calendar arithmetic in UTC (no daylight-saving day is ever 23 hours): a patient's planned
  // visits are shifted by it for every visit written, so no formatter's parsing is paid for.
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: years below 100 are not read as 19xx.
  at.setUTCFullYear(year, month - 1, day + days);
  return writeCalendarDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/** The scheduled types (those with a day offset) in schedule order: offset, then the types' order. */
export function scheduledVisitTypes<T extends ScheduledVisitType>(
  visitTypes: readonly T[],
): (T & { day_offset: number })[] {
  return visitTypes
    .filter((vt): vt is T & { day_offset: number } => typeof vt.day_offset === "number")
    .sort((a, b) => a.day_offset - b.day_offset || a.order - b.order);
}

/** The baseline visit type: the scheduled type whose offset is 0 (the config allows one at most). */
export function baselineScheduleType(visitTypes: readonly ScheduledVisitType[]): string | null {
  return visitTypes.find((vt) => vt.day_offset === 0)?.code ?? null;
}

/** The earliest live visit of a type by date (visit number breaks a tie), or null. */
function earliestOfType(visits: readonly ScheduleVisit[], type: string): ScheduleVisit | null {
  let best: ScheduleVisit | null = null;
  for (const visit of visits) {
    if (visit.visitType !== type) continue;
    if (
      best === null ||
      visit.visitDate < best.visitDate ||
      (visit.visitDate === best.visitDate && visit.visitNumber < best.visitNumber)
    )
      best = visit;
  }
  return best;
}

/**
 * Status of one planned visit. Done / out of window: fulfilled inside / outside its window (both
 * ends included). Not fulfilled: upcoming before the window opens, due inside it (today included
 * at both ends), overdue once the window's last day has passed.
 */
export function plannedVisitStatus(
  window: { start: string; end: string },
  visitDate: string | null,
  today: string,
): PlannedVisitStatus {
  if (visitDate !== null)
    return visitDate >= window.start && visitDate <= window.end ? "done" : "out_of_window";
  if (today < window.start) return "upcoming";
  if (today <= window.end) return "due";
  return "overdue";
}

export function visitSchedule(
  visitTypes: readonly ScheduledVisitType[],
  visits: readonly ScheduleVisit[],
  today: string,
): VisitSchedule {
  const types = scheduledVisitTypes(visitTypes);
  const baselineType = baselineScheduleType(types);
  const baselineVisit = baselineType === null ? null : earliestOfType(visits, baselineType);
  const baselineDate = baselineVisit?.visitDate ?? null;
  const planned = types.map((vt): PlannedVisit => {
    const fulfilling = earliestOfType(visits, vt.code);
    const visit = fulfilling
      ? { id: fulfilling.id, visitNumber: fulfilling.visitNumber, visitDate: fulfilling.visitDate }
      : null;
    if (baselineDate === null)
      return {
        visitType: vt.code,
        dayOffset: vt.day_offset,
        due: null,
        windowStart: null,
        windowEnd: null,
        visit,
        status: null,
      };
    const due = shiftDate(baselineDate, vt.day_offset);
    const window = {
      start: shiftDate(due, -(vt.window_before ?? 0)),
      end: shiftDate(due, vt.window_after ?? 0),
    };
    return {
      visitType: vt.code,
      dayOffset: vt.day_offset,
      due,
      windowStart: window.start,
      windowEnd: window.end,
      visit,
      status: plannedVisitStatus(window, visit?.visitDate ?? null, today),
    };
  });
  const next = baselineDate === null ? null : (planned.find((p) => p.visit === null) ?? null);
  return { scheduled: types.length > 0, baselineType, baselineDate, planned, next };
}

/** Whether two lists of visit types plan the same visits (what the maintained columns follow). */
export function sameSchedule(
  a: readonly ScheduledVisitType[] | null,
  b: readonly ScheduledVisitType[],
): boolean {
  const plan = (types: readonly ScheduledVisitType[]) =>
    JSON.stringify(
      scheduledVisitTypes(types).map((vt) => [vt.code, vt.day_offset, vt.window_after ?? 0, vt.order]),
    );
  return a !== null && plan(a) === plan(b);
}
