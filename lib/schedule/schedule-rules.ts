/**
 * The visit schedule's config rules (docs/decisions/0025), shared by the study check on save
 * (`studyConfigIssues`), the server and the Visit Types dialog. Pure.
 */
import { messageRef } from "@/lib/i18n/message-ref";

export const SCHEDULE_RULE_MESSAGES = {
  // A window is "days around the due date": without an offset there is no due date to be around.
  windowNeedsOffset: messageRef("api.schedule.windowNeedsOffset"),
  // The schedule starts at the baseline visit's date: two day-0 types would give two starts.
  oneBaseline: messageRef("api.schedule.oneBaseline"),
  // Offsets count days from the baseline: without a day-0 type no patient's schedule can start.
  baselineMissing: messageRef("api.schedule.baselineMissing"),
} as const;

type ScheduleFields = {
  code: string;
  day_offset?: number;
  window_before?: number;
  window_after?: number;
};

export type ScheduleIssue = {
  index: number;
  field: "day_offset" | "window_before" | "window_after";
  message: string;
};

/** One entry's own rule: a window (before or after) needs a day offset. */
export function visitTypeWindowIssue(entry: ScheduleFields): ScheduleIssue["field"] | null {
  if (entry.day_offset !== undefined) return null;
  if (entry.window_before !== undefined) return "window_before";
  if (entry.window_after !== undefined) return "window_after";
  return null;
}

/** The rules across the list: each window has an offset, one day-0 type, and one when any is scheduled. */
export function visitScheduleIssues(visitTypes: readonly ScheduleFields[]): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  visitTypes.forEach((entry, index) => {
    const field = visitTypeWindowIssue(entry);
    if (field) issues.push({ index, field, message: SCHEDULE_RULE_MESSAGES.windowNeedsOffset });
  });
  const baselines = visitTypes.flatMap((entry, index) => (entry.day_offset === 0 ? [index] : []));
  for (const index of baselines.slice(1))
    issues.push({ index, field: "day_offset", message: SCHEDULE_RULE_MESSAGES.oneBaseline });
  if (baselines.length === 0) {
    const first = visitTypes.findIndex((entry) => entry.day_offset !== undefined);
    if (first >= 0)
      issues.push({ index: first, field: "day_offset", message: SCHEDULE_RULE_MESSAGES.baselineMissing });
  }
  return issues;
}
