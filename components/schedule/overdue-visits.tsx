"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useFormat } from "@/components/i18n/use-format";
import { Button } from "@/components/ui/button";
import { useOverdueVisits } from "@/lib/client/schedule";
import type { VisitType } from "@/lib/schemas/study-config";

/**
 * The dashboard's 'Overdue visits' (decision 0025): how many patients in the reader's scope have a
 * next planned visit whose window has closed, and the list, longest overdue first, each linking to
 * the patient. Hidden for a study without a schedule.
 */
export function OverdueVisits({
  studyId,
  studyCode,
  visitTypes,
}: {
  studyId: number;
  studyCode: string;
  visitTypes: readonly VisitType[];
}) {
  const t = useTranslations("schedule.overdue");
  const fmt = useFormat();
  const overdue = useOverdueVisits(studyId);
  if (!visitTypes.some((vt) => vt.day_offset !== undefined)) return null;
  const label = (code: string) => visitTypes.find((vt) => vt.code === code)?.label ?? code;
  const pages = overdue.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total;
  return (
    <section
      aria-labelledby="overdue-visits-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="overdue-visits-heading" className="text-lg font-semibold text-slate-900">
          {t("card")}
        </h2>
        {total !== undefined && (
          <p className="text-3xl font-semibold text-slate-900" data-testid="overdue-total">
            {fmt.number(total)}
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {overdue.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t("loadError")}
        </p>
      ) : !overdue.data ? (
        <p role="status" className="mt-3 text-sm text-slate-500">
          …
        </p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100" aria-label={t("heading")}>
            {items.map((item) => (
              <li
                key={item.patient_id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
              >
                <Link
                  href={`/${studyCode}/patients/${item.patient_id}`}
                  className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                >
                  {item.patient_code}
                </Link>
                <span className="text-sm text-slate-700">
                  {label(item.visit_type)} · {t("due")} {fmt.date(item.due)}
                </span>
                <span className="text-sm font-medium text-red-800">
                  {t("late", { days: item.days_overdue })}
                </span>
              </li>
            ))}
          </ul>
          {overdue.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() => void overdue.fetchNextPage()}
              disabled={overdue.isFetchingNextPage}
            >
              {t("more")}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
