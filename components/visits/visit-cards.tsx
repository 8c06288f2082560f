"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { VisitResponse } from "@/lib/schemas/visits";
import { VisitActionButtons, type VisitActions } from "./visit-actions";
import type { VisitColumn } from "./visit-history";

/**
 * The visit history on a phone (below `md`, docs/decisions/0029): a card per visit with the
 * table's own columns as a list of label and value, and the table's own buttons, large enough to
 * tap. Nothing is dropped to fit: a column added to the history shows here too.
 */
export function VisitCards({
  visits,
  columns,
  actions,
  className,
}: {
  visits: VisitResponse[];
  columns: VisitColumn[];
  actions: VisitActions;
  className?: string;
}) {
  const t = useTranslations("phone");
  const hint = useTranslations("visits.history");
  const listed = columns.filter((column) => !column.inCardTitle);
  const hasActions = (visit: VisitResponse) =>
    Boolean(actions.onView) || actions.canWrite || (actions.canUnlock && visit.is_locked);
  return (
    <ul aria-label={t("visits")} className={cn("space-y-3", className)}>
      {visits.map((visit) => {
        const titleId = `visit-card-${visit.id}-title`;
        return (
          <li
            key={visit.id}
            data-testid={`visit-card-${visit.visit_number}`}
            aria-labelledby={titleId}
            className="rounded-lg border border-slate-200 bg-white p-4"
          >
            <h3 id={titleId} className="text-base font-semibold text-slate-900">
              {t("visitTitle", { n: visit.visit_number })}
            </h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {listed.map((column) => (
                <div key={column.key} className="min-w-0">
                  <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
                    {column.header}
                  </dt>
                  <dd className="mt-0.5 break-words text-slate-900">{column.cell(visit)}</dd>
                </div>
              ))}
            </dl>
            {hasActions(visit) && (
              <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
                <VisitActionButtons visit={visit} actions={actions} className="min-h-10 px-3 py-2" />
              </div>
            )}
            {/* A disabled button's tooltip never shows on a touch screen: the reason is said. */}
            {actions.canWrite && visit.is_locked && (
              <p className="mt-2 text-xs text-slate-600">{hint("lockedHint")}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
