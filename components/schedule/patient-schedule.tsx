"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { usePatientSchedule } from "@/lib/client/schedule";
import type { VisitType } from "@/lib/schemas/study-config";
import { ScheduleStatusBadge } from "./schedule-status-badge";

/**
 * The patient's visit schedule (decision 0025): each planned visit with its due date, window,
 * status and the visit that fulfils it. A table on a wide screen, one card per planned visit below
 * `sm` (the header row stays for screen readers), so nothing scrolls sideways on a phone.
 */
export function PatientSchedule({
  patientId,
  visitTypes,
  className,
}: {
  patientId: number;
  visitTypes: readonly VisitType[];
  className?: string;
}) {
  const t = useTranslations("schedule.patient");
  const fmt = useFormat();
  const schedule = usePatientSchedule(patientId);
  const label = (code: string) => visitTypes.find((vt) => vt.code === code)?.label ?? code;
  const date = (value: string | null) => (value === null ? "—" : fmt.date(value));
  const data = schedule.data;
  // A study without a schedule shows nothing: there is nothing to plan.
  if (data && !data.scheduled) return null;
  return (
    <section className={className} aria-labelledby="visit-schedule-heading">
      <h2 id="visit-schedule-heading" className="mb-1 text-lg font-semibold">
        {t("heading")}
      </h2>
      {schedule.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t("loadError")}
        </p>
      ) : !data ? (
        <p className="text-sm text-slate-500" role="status">
          …
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {data.started
              ? t("baseline", { date: date(data.baseline_date) })
              : t("notStarted", { baseline: label(data.baseline_type ?? "") })}
          </p>
          <table className="w-full text-left text-sm max-sm:block">
            <thead className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase max-sm:sr-only">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("visit")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("due")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("window")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("status")}
                </th>
                <th scope="col" className="py-2">
                  {t("recorded")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {data.planned.map((planned) => (
                <tr
                  key={planned.visit_type}
                  data-visit-type={planned.visit_type}
                  className="max-sm:flex max-sm:flex-col max-sm:gap-0.5 max-sm:py-3"
                >
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900 max-sm:py-0">
                    {label(planned.visit_type)}
                  </th>
                  <td className="py-2 pr-3 whitespace-nowrap max-sm:py-0">
                    <span className="text-slate-500 sm:hidden">{t("due")}: </span>
                    {date(planned.due)}
                  </td>
                  <td className="py-2 pr-3 text-slate-600 max-sm:py-0">
                    <span className="sm:hidden">{t("window")}: </span>
                    {planned.window_start && planned.window_end
                      ? t("windowRange", { start: date(planned.window_start), end: date(planned.window_end) })
                      : "—"}
                  </td>
                  <td className="py-2 pr-3 max-sm:py-0">
                    {planned.status ? <ScheduleStatusBadge status={planned.status} /> : "—"}
                  </td>
                  <td className="py-2 text-slate-700 max-sm:py-0">
                    {planned.visit
                      ? t("visitRef", {
                          number: planned.visit.visit_number,
                          date: date(planned.visit.visit_date),
                        })
                      : t("notRecorded")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
