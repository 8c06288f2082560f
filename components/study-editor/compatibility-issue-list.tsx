"use client";

import { useTranslations } from "next-intl";
import { useWords } from "@/components/i18n/use-words";
import { cn } from "@/components/ui/cn";
import type { CompatibilityIssue } from "@/lib/schemas/protocol-versions";

/**
 * Breaking changes or warnings of a configuration change with the stored data they touch: shared by
 * the protocol-version compatibility check and the data dictionary import preview.
 */
export function CompatibilityIssueList({
  title,
  issues,
  tone,
  className,
}: {
  title: string;
  issues: CompatibilityIssue[];
  tone: "red" | "amber";
  className?: string;
}) {
  const t = useTranslations("editor.compatibility");
  const words = useWords();
  if (issues.length === 0) return null;
  return (
    <section aria-label={title} className={className}>
      <h3 className={tone === "red" ? "font-semibold text-red-800" : "font-semibold text-amber-800"}>
        {title} ({issues.length})
      </h3>
      <ul className="mt-1 space-y-2">
        {issues.map((issue) => (
          <li
            key={`${issue.kind}:${issue.entity}:${issue.target}`}
            className={cn(
              "rounded-md border px-3 py-2 text-sm",
              tone === "red" ? "border-red-200 bg-red-50" : "border-amber-200 bg-amber-50",
            )}
          >
            <p className="break-words">{words(issue.message)}</p>
            <p className="mt-1 text-xs text-slate-600">
              {t("affected", { patients: issue.affected_patients, visits: issue.affected_visits })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
