/**
 * The Visit Types dialog's schedule fields (decision 0025): day offset and window as whole days in
 * the config's bounds, with catalogue messages, and at most one day-0 (baseline) type in the list.
 * Pure; the list-wide rules on save are lib/schedule/schedule-rules.ts.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { SCHEDULE_RULE_MESSAGES } from "@/lib/schedule/schedule-rules";
import { VisitTypeSchema, type VisitTypeDocument } from "@/lib/schemas/study-config";

export const SCHEDULE_LIMITS = { dayOffset: 36_500, window: 3_650 } as const;

export const SCHEDULE_FIELD_MESSAGES = {
  dayOffset: messageRef("api.schedule.dayOffsetInvalid", { max: SCHEDULE_LIMITS.dayOffset }),
  window: messageRef("api.schedule.windowInvalid", { max: SCHEDULE_LIMITS.window }),
} as const;

const days = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message).optional();

/** The three schedule keys of `visitTypeEntrySchema`; `others` are the list's other entries. */
export function visitTypeScheduleShape(others: readonly VisitTypeDocument[]) {
  const baselineTaken = others.some((vt) => vt.day_offset === 0);
  return {
    day_offset: days(SCHEDULE_LIMITS.dayOffset, SCHEDULE_FIELD_MESSAGES.dayOffset).refine(
      (offset) => !(offset === 0 && baselineTaken),
      SCHEDULE_RULE_MESSAGES.oneBaseline,
    ),
    window_before: days(SCHEDULE_LIMITS.window, SCHEDULE_FIELD_MESSAGES.window),
    window_after: days(SCHEDULE_LIMITS.window, SCHEDULE_FIELD_MESSAGES.window),
  } satisfies Partial<Record<keyof typeof VisitTypeSchema.shape, z.ZodType>>;
}
