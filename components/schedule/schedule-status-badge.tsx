"use client";

import { useTranslations } from "next-intl";
import type { PlannedVisitStatus } from "@/lib/schedule/visit-schedule";
import { cn } from "@/components/ui/cn";

// The status is always written out; the colour only repeats it (never colour alone).
const TONE: Record<PlannedVisitStatus, string> = {
  done: "bg-green-100 text-green-800",
  due: "bg-blue-100 text-blue-800",
  overdue: "bg-red-100 text-red-800",
  upcoming: "bg-slate-200 text-slate-700",
  out_of_window: "bg-amber-100 text-amber-900",
};

export function ScheduleStatusBadge({ status }: { status: PlannedVisitStatus }) {
  const t = useTranslations("schedule.status");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        TONE[status],
      )}
      data-status={status}
    >
      {t(status)}
    </span>
  );
}
