"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import type { ImportJobResponse } from "@/lib/schemas/import-jobs";

export type VisitTypeLabel = { code: string; label: string };

/** How a REDCap file's events were read: each as one of the study's visit types, or as none. */
export function ImportEventsTable({
  events,
  visitTypes,
}: {
  events: ImportJobResponse["events"];
  visitTypes: VisitTypeLabel[];
}) {
  const t = useTranslations("imports.events");
  const fmt = useFormat();
  const label = new Map(visitTypes.map((type) => [type.code, type.label]));
  return (
    <div className="space-y-1">
      <h3 className="text-base font-semibold text-slate-900">{t("heading")}</h3>
      <p className="text-sm text-slate-600">{t("hint")}</p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" aria-label={t("heading")}>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              {(["event", "visitType", "rows"] as const).map((column) => (
                <th
                  key={column}
                  scope="col"
                  className={column === "rows" ? "px-3 py-2 text-right font-medium" : "px-3 py-2 font-medium"}
                >
                  {t(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.event} className="border-b border-slate-100">
                <td className="px-3 py-2 break-all">{event.event}</td>
                <td className="px-3 py-2">
                  {event.visit_type === null ? (
                    <span className="text-red-800">{t("unmapped")}</span>
                  ) : (
                    (label.get(event.visit_type) ?? event.visit_type)
                  )}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{fmt.number(event.rows)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
