import { addDays, format, parseISO } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeCalendarDate } from "@/lib/dates/calendar-date";
import {
  visitScheduleIssues,
  visitTypeWindowIssue,
  SCHEDULE_RULE_MESSAGES,
} from "@/lib/schedule/schedule-rules";
import {
  plannedVisitStatus,
  sameSchedule,
  shiftDate,
  visitSchedule,
  type ScheduleVisit,
  type ScheduledVisitType,
} from "@/lib/schedule/visit-schedule";

const TYPES: ScheduledVisitType[] = [
  { code: "baseline", order: 1, day_offset: 0 },
  { code: "week_12", order: 3, day_offset: 84, window_before: 7, window_after: 14 },
  { code: "week_4", order: 2, day_offset: 28, window_before: 7, window_after: 7 },
  { code: "unscheduled", order: 9 },
];

let id = 0;
const visit = (visitType: string, visitDate: string, visitNumber: number): ScheduleVisit => ({
  id: ++id,
  visitType,
  visitDate,
  visitNumber,
});

describe("plannedVisitStatus: every status, both ends of the window included", () => {
  const window = { start: "2024-03-18", end: "2024-04-08" };
  it.each([
    ["2024-03-17", null, "upcoming"],
    ["2024-03-18", null, "due"],
    ["2024-04-08", null, "due"],
    ["2024-04-09", null, "overdue"],
    ["2030-01-01", "2024-03-18", "done"],
    ["2030-01-01", "2024-04-08", "done"],
    ["2024-01-01", "2024-03-17", "out_of_window"],
    ["2024-01-01", "2024-04-09", "out_of_window"],
  ] as const)("today %s, visit %s → %s", (today, visitDate, status) => {
    expect(plannedVisitStatus(window, visitDate, today)).toBe(status);
  });
});

describe("visitSchedule", () => {
  it("plans from the baseline visit's date, in offset order; unscheduled types are not planned", () => {
    const schedule = visitSchedule(
      TYPES,
      [visit("baseline", "2024-01-01", 1), visit("week_4", "2024-02-10", 2)],
      "2024-03-20",
    );
    expect(schedule.scheduled).toBe(true);
    expect(schedule.baselineDate).toBe("2024-01-01");
    expect(schedule.planned.map((p) => [p.visitType, p.due, p.windowStart, p.windowEnd, p.status])).toEqual([
      ["baseline", "2024-01-01", "2024-01-01", "2024-01-01", "done"],
      ["week_4", "2024-01-29", "2024-01-22", "2024-02-05", "out_of_window"],
      ["week_12", "2024-03-25", "2024-03-18", "2024-04-08", "due"],
    ]);
    expect(schedule.next?.visitType).toBe("week_12");
  });

  it("the earliest baseline visit starts the schedule; the earliest visit of a type fulfils it", () => {
    const schedule = visitSchedule(
      TYPES,
      [
        visit("baseline", "2024-02-01", 1),
        visit("baseline", "2024-01-01", 2),
        visit("week_4", "2024-03-01", 3),
        visit("week_4", "2024-01-30", 4),
      ],
      "2024-02-01",
    );
    expect(schedule.baselineDate).toBe("2024-01-01");
    expect(schedule.planned[1]).toMatchObject({ status: "done", visit: { visitNumber: 4 } });
  });

  it("without a baseline visit the schedule has not started: no dates, no status, nothing next", () => {
    const schedule = visitSchedule(TYPES, [visit("week_4", "2024-02-10", 1)], "2024-03-20");
    expect(schedule.baselineDate).toBeNull();
    expect(schedule.next).toBeNull();
    expect(schedule.planned.every((p) => p.due === null && p.status === null)).toBe(true);
    expect(schedule.planned[1]!.visit?.visitNumber).toBe(1);
  });

  it("a study without offsets has no schedule; a window defaults to the due day alone", () => {
    expect(visitSchedule([{ code: "a", order: 1 }], [], "2024-01-01")).toMatchObject({
      scheduled: false,
      planned: [],
      next: null,
    });
    const schedule = visitSchedule(
      [
        { code: "b", order: 1, day_offset: 0 },
        { code: "c", order: 2, day_offset: 10 },
      ],
      [visit("b", "2024-01-01", 1)],
      "2024-01-12",
    );
    expect(schedule.planned[1]).toMatchObject({ windowStart: "2024-01-11", windowEnd: "2024-01-11" });
    expect(schedule.planned[1]!.status).toBe("overdue");
  });

  it("everything done: nothing next", () => {
    const schedule = visitSchedule(
      TYPES,
      [
        visit("baseline", "2024-01-01", 1),
        visit("week_4", "2024-01-29", 2),
        visit("week_12", "2024-03-25", 3),
      ],
      "2025-01-01",
    );
    expect(schedule.planned.map((p) => p.status)).toEqual(["done", "done", "done"]);
    expect(schedule.next).toBeNull();
  });

  it("shiftDate crosses months, leap days and years", () => {
    expect(shiftDate("2024-02-28", 1)).toBe("2024-02-29");
    expect(shiftDate("2023-12-31", 1)).toBe("2024-01-01");
    expect(shiftDate("2024-03-01", -1)).toBe("2024-02-29");
  });

  it("shiftDate agrees with date-fns' calendar arithmetic on any day and offset", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1000-01-01T12:00:00Z"),
          max: new Date("9000-12-31T12:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -40_000, max: 40_000 }),
        (at, days) => {
          const date = writeCalendarDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
          expect(shiftDate(date, days)).toBe(format(addDays(parseISO(date), days), "yyyy-MM-dd"));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("sameSchedule follows offsets, after-windows and order, not labels", () => {
    expect(sameSchedule(TYPES, [...TYPES].reverse())).toBe(true);
    expect(
      sameSchedule(
        TYPES,
        TYPES.map((t) => (t.code === "week_4" ? { ...t, window_after: 3 } : t)),
      ),
    ).toBe(false);
    expect(sameSchedule(null, TYPES)).toBe(false);
  });
});

describe("schedule config rules", () => {
  it("a window needs an offset; one day-0 type; a day-0 type when any is scheduled", () => {
    expect(visitTypeWindowIssue({ code: "a", window_after: 3 })).toBe("window_after");
    expect(visitTypeWindowIssue({ code: "a", day_offset: 3, window_after: 3 })).toBeNull();
    expect(visitScheduleIssues(TYPES)).toEqual([]);
    expect(
      visitScheduleIssues([
        { code: "a", day_offset: 0 },
        { code: "b", day_offset: 0 },
        { code: "c", window_before: 2 },
      ]),
    ).toEqual([
      { index: 2, field: "window_before", message: SCHEDULE_RULE_MESSAGES.windowNeedsOffset },
      { index: 1, field: "day_offset", message: SCHEDULE_RULE_MESSAGES.oneBaseline },
    ]);
    expect(visitScheduleIssues([{ code: "a" }, { code: "b", day_offset: 7 }])).toEqual([
      { index: 1, field: "day_offset", message: SCHEDULE_RULE_MESSAGES.baselineMissing },
    ]);
  });
});
