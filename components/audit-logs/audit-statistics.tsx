"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { useAuditStatistics, type AuditFilterValues } from "@/lib/client/audit-logs";
import { useActionName } from "./audit-log-table";

function TopList({
  title,
  counts,
  nameOf = (name) => name,
}: {
  title: string;
  counts: Record<string, number>;
  nameOf?: (name: string) => string;
}) {
  const entries = Object.entries(counts);
  const fmt = useFormat();
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">—</p>
      ) : (
        <ol className="mt-1 space-y-0.5 text-sm">
          {entries.map(([name, n]) => (
            <li key={name} className="flex justify-between gap-2">
              <span className="truncate">{nameOf(name)}</span>
              <span className="text-slate-600 tabular-nums">{fmt.number(n)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Spec §2: Total Entries, top 5 by action, top 5 users (for the dates and study filtered). */
export function AuditStatistics({ filters }: { filters: AuditFilterValues }) {
  const t = useTranslations("audit.statistics");
  const actionName = useActionName();
  const stats = useAuditStatistics(filters, true);
  const fmt = useFormat();
  // Spec §8: audit load failures are only logged.
  useEffect(() => {
    if (stats.error) console.error("Failed to load audit statistics", stats.error);
  }, [stats.error]);
  return (
    <section
      aria-label={t("label")}
      className="mb-4 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-700">{t("total")}</h3>
        <p className="text-2xl font-semibold tabular-nums" data-testid="total-entries">
          {stats.data ? fmt.number(stats.data.total_entries) : "…"}
        </p>
      </div>
      <TopList title={t("topActions")} counts={stats.data?.entries_by_action ?? {}} nameOf={actionName} />
      <TopList title={t("topUsers")} counts={stats.data?.entries_by_user ?? {}} />
    </section>
  );
}
