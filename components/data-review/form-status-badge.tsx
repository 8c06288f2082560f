"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { FormStatus } from "@/lib/schemas/data-review";

const TONE: Record<FormStatus, string> = {
  in_progress: "bg-slate-200 text-slate-800",
  complete: "bg-blue-100 text-blue-900",
  verified: "bg-emerald-100 text-emerald-900",
  locked: "bg-amber-100 text-amber-900",
};

/**
 * A patient's or a visit's form status (docs/decisions/0031) in the reader's words (`formStatus`
 * catalogue), with a colour that is never the only sign of it. Shared by the SDV page and every
 * screen that shows a record's status: `<FormStatusBadge status="complete" />`.
 */
export function FormStatusBadge({ status, className }: { status: FormStatus; className?: string }) {
  const t = useTranslations("formStatus");
  return (
    <span
      data-form-status={status}
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        TONE[status],
        className,
      )}
    >
      {t(status)}
    </span>
  );
}
