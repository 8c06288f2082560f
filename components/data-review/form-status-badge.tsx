"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { FormStatus } from "@/lib/schemas/data-review";

const TONE: Record<FormStatus, string> = {
  in_progress: "bg-slate-100 text-slate-700",
  complete: "bg-sky-100 text-sky-900",
  verified: "bg-green-100 text-green-900",
  locked: "bg-violet-100 text-violet-900",
};

/** A record's form status (decision 0031) as a small badge, in the reader's words. */
export function FormStatusBadge({ status, className }: { status: FormStatus; className?: string }) {
  const t = useTranslations("formStatus");
  return (
    <span
      data-form-status={status}
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
        TONE[status],
        className,
      )}
    >
      {t(status)}
    </span>
  );
}
