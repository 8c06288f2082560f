"use client";

import { useTranslations } from "next-intl";
import type { ScheduledVisitType } from "@/lib/schedule/visit-schedule";

/** A visit type's place in the schedule in words: "Day 84 (−7/+14)", "Day 0 (baseline)" (decision 0025). */
export function VisitTypeScheduleText({ visitType }: { visitType: ScheduledVisitType }) {
  const t = useTranslations("schedule.editor");
  const { day_offset: day, window_before: before, window_after: after } = visitType;
  if (day === undefined) return <span className="text-slate-500">{t("notScheduled")}</span>;
  if (day === 0 && !before && !after) return <span>{t("baselineDay")}</span>;
  if (!before && !after) return <span>{t("day", { day })}</span>;
  return <span>{t("dayWindow", { day, before: before ?? 0, after: after ?? 0 })}</span>;
}
