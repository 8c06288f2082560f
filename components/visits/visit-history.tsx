"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useBooleanWords, YES_NO } from "@/components/forms/boolean-labels";
import { MissingCodeBadge } from "@/components/forms/missing-code-badge";
import { ConfirmedWarningsFlag } from "@/components/plausibility/confirmed-warnings-flag";
import { useFormat } from "@/components/i18n/use-format";
import type { Formatter } from "@/lib/i18n/format";
import type { MissingCode, VisitType } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";
import { VisitActionButtons, type VisitActions } from "./visit-actions";
import { VisitCards } from "./visit-cards";
import { RecordReview } from "@/components/data-review/record-review";
import { visitMeasures } from "./visit-measures";

export type { VisitActions } from "./visit-actions";

/**
 * One column of the visit history: its heading and its cell. The table (from `md` up) and the
 * phone cards below it render the same list, so a column added here shows in both
 * (docs/decisions/0029).
 */
export type VisitColumn = {
  key: string;
  header: string;
  cell: (visit: VisitResponse) => ReactNode;
  /** Table cell classes (the card lays every cell out the same way). */
  className?: string;
  /** The card names the visit by this column in its title instead of repeating it in its list. */
  inCardTitle?: boolean;
};

const SCORE_COLUMNS = ["PASI", "DLQI", "PASI75"] as const;

const show = (value: number | null, fmt: Formatter) => (value === null ? "—" : fmt.exact(value));

/** The visit history's row content, in one place. */
function useVisitColumns(visitTypes: VisitType[], missingCodes: readonly MissingCode[]): VisitColumn[] {
  const t = useTranslations("visits.history");
  const fmt = useFormat();
  const yesNo = useBooleanWords(YES_NO);
  const typeLabel = (code: string) => visitTypes.find((type) => type.code === code)?.label ?? code;
  const [pasi, dlqi, pasi75] = SCORE_COLUMNS;
  return [
    {
      key: "number",
      header: t("number"),
      cell: (v) => v.visit_number,
      className: "font-medium",
      inCardTitle: true,
    },
    {
      key: "date",
      header: t("date"),
      cell: (v) => (
        <>
          {fmt.date(v.visit_date)}
          <ConfirmedWarningsFlag warnings={v.confirmed_warnings} />
        </>
      ),
      className: "whitespace-nowrap",
    },
    { key: "type", header: t("type"), cell: (v) => typeLabel(v.visit_type) },
    // The scores' names, the same in every language.
    // A code given instead of a score shows as the code (decision 0023), never as a blank.
    {
      key: "pasi",
      header: pasi,
      cell: (v) => {
        const m = visitMeasures(v);
        return m.pasiCode ? (
          <MissingCodeBadge code={m.pasiCode} codes={missingCodes} compact />
        ) : (
          show(m.pasi, fmt)
        );
      },
    },
    {
      key: "dlqi",
      header: dlqi,
      cell: (v) => {
        const m = visitMeasures(v);
        return m.dlqiCode ? (
          <MissingCodeBadge code={m.dlqiCode} codes={missingCodes} compact />
        ) : (
          show(m.dlqi, fmt)
        );
      },
    },
    {
      key: "pasi75",
      header: pasi75,
      cell: (v) => {
        const reached = visitMeasures(v).pasi75;
        return reached === null ? "—" : reached ? yesNo.yes : yesNo.no;
      },
    },
    // The form status and the source verification's progress (decision 0031); locked among them.
    {
      key: "status",
      header: t("status"),
      cell: (v) => (
        <RecordReview entity="visit" compact record={{ ...v, values: v.data_fields }} className="gap-1" />
      ),
    },
  ];
}

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
  const columns = useVisitColumns(visitTypes, missingCodes);
  if (visits.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  return (
    <>
      {/* From `md` up: the table. Below it the columns would not fit a phone without scrolling
          sideways, so each visit becomes a card with every cell and every action. */}
      <div className="relative hidden overflow-x-auto md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2">
                  {column.header}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {visits.map((visit) => (
              <tr key={visit.id} data-testid={`visit-row-${visit.visit_number}`}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={column.className ? `px-3 py-2 ${column.className}` : "px-3 py-2"}
                  >
                    {column.cell(visit)}
                  </td>
                ))}
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <div className="flex justify-end gap-2">
                    <VisitActionButtons visit={visit} actions={actions} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <VisitCards visits={visits} columns={columns} actions={actions} className="md:hidden" />
    </>
  );
}
