"use client";

import { useTranslations } from "next-intl";
import { useBooleanWords, YES_NO } from "@/components/forms/boolean-labels";
import { MissingCodeBadge } from "@/components/forms/missing-code-badge";
import { useFormat } from "@/components/i18n/use-format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Formatter } from "@/lib/i18n/format";
import type { MissingCode, VisitType } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";
import { visitMeasures } from "./visit-measures";

export type VisitActions = {
  /** What the server lets this user do (from the study role; the server checks every call). */
  canWrite: boolean;
  canUnlock: boolean;
  busy?: boolean;
  onEdit: (visit: VisitResponse) => void;
  onLock: (visit: VisitResponse) => void;
  onUnlock: (visit: VisitResponse) => void;
  /** Shows the visit with the fields of its own protocol version. */
  onView?: (visit: VisitResponse) => void;
};

const SCORE_COLUMNS = ["PASI", "DLQI", "PASI75"] as const;

const show = (value: number | null, fmt: Formatter) => (value === null ? "—" : fmt.exact(value));

export function VisitHistory({
  visits,
  visitTypes,
  actions,
  missingCodes = [],
}: {
  visits: VisitResponse[];
  visitTypes: VisitType[];
  actions: VisitActions;
  /** The study's missing-data codes, to show a code given instead of a score (decision 0023). */
  missingCodes?: readonly MissingCode[];
}) {
  const t = useTranslations("visits.history");
  const fmt = useFormat();
  const yesNo = useBooleanWords(YES_NO);
  if (visits.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  const typeLabel = (code: string) => visitTypes.find((t) => t.code === code)?.label ?? code;
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t("number")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("date")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("type")}
            </th>
            {/* The scores' names, the same in every language. */}
            {SCORE_COLUMNS.map((name) => (
              <th key={name} scope="col" className="px-3 py-2">
                {name}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              {t("status")}
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {visits.map((visit) => {
            const m = visitMeasures(visit);
            return (
              <tr key={visit.id} data-testid={`visit-row-${visit.visit_number}`}>
                <td className="px-3 py-2 font-medium">{visit.visit_number}</td>
                <td className="whitespace-nowrap px-3 py-2">{fmt.date(visit.visit_date)}</td>
                <td className="px-3 py-2">{typeLabel(visit.visit_type)}</td>
                <td className="px-3 py-2">
                  {m.pasiCode ? (
                    <MissingCodeBadge code={m.pasiCode} codes={missingCodes} compact />
                  ) : (
                    show(m.pasi, fmt)
                  )}
                </td>
                <td className="px-3 py-2">
                  {m.dlqiCode ? (
                    <MissingCodeBadge code={m.dlqiCode} codes={missingCodes} compact />
                  ) : (
                    show(m.dlqi, fmt)
                  )}
                </td>
                <td className="px-3 py-2">{m.pasi75 === null ? "—" : m.pasi75 ? yesNo.yes : yesNo.no}</td>
                <td className="px-3 py-2">
                  {visit.is_locked ? (
                    <Badge tone="muted">{t("locked")}</Badge>
                  ) : (
                    <Badge tone="success">{t("open")}</Badge>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <div className="flex justify-end gap-2">
                    {actions.onView && (
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        aria-label={t("viewVisit", { n: visit.visit_number })}
                        onClick={() => actions.onView?.(visit)}
                      >
                        {t("view")}
                      </Button>
                    )}
                    {actions.canWrite && (
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        disabled={visit.is_locked || actions.busy}
                        title={visit.is_locked ? t("lockedHint") : undefined}
                        aria-label={t("editVisit", { n: visit.visit_number })}
                        onClick={() => actions.onEdit(visit)}
                      >
                        {t("edit")}
                      </Button>
                    )}
                    {actions.canWrite && !visit.is_locked && (
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        disabled={actions.busy}
                        aria-label={t("lockVisit", { n: visit.visit_number })}
                        onClick={() => actions.onLock(visit)}
                      >
                        {t("lock")}
                      </Button>
                    )}
                    {actions.canUnlock && visit.is_locked && (
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        disabled={actions.busy}
                        aria-label={t("unlockVisit", { n: visit.visit_number })}
                        onClick={() => actions.onUnlock(visit)}
                      >
                        {t("unlock")}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
