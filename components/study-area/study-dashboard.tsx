"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { FORM_STATUSES } from "@/lib/schemas/data-review";
import { useId, type ReactNode } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useDashboard } from "@/lib/client/reports";
import { dashboardCards, demographicRows } from "./dashboard-figures";

/**
 * The study dashboard (spec §2): the homepage content blocks first (rendered by the server page and
 * passed in), then the figure cards, then the patient demographics by sex. The figures are the
 * server's, within the reader's patient scope.
 */
export function StudyDashboard({
  studyId,
  studyCode,
  content,
  calculationText,
  overdue,
}: {
  studyId: number;
  /** The study's code: the Queries card links to its Queries page. */
  studyCode?: string;
  content?: ReactNode;
  /** The visit schedule's 'Overdue visits' card and list (components/schedule, decision 0025). */
  overdue?: ReactNode;
  /** The study's calculations in words, by name (`calculationSummaries`). */
  calculationText?: Readonly<Record<string, string>>;
}) {
  const t = useTranslations("studyArea.dashboard");
  const tq = useTranslations("queriesPage.dashboard");
  const tr = useTranslations("dataReview.dashboard");
  const tf = useTranslations("formStatus");
  const words = useWords();
  const fmt = useFormat();
  const dashboard = useDashboard(studyId);
  const idPrefix = useId();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-[var(--study-primary)] [font-family:var(--study-heading-font-family)]">
        {t("title")}
      </h1>
      {content}
      {dashboard.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("loading")}
        </p>
      ) : dashboard.isError ? (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>{t("loadError", { detail: words(dashboard.error.message) })}</span>
          <Button
            variant="secondary"
            onClick={() => void dashboard.refetch()}
            disabled={dashboard.isFetching}
          >
            {t("retry")}
          </Button>
        </Alert>
      ) : (
        <>
          <ul aria-label={t("figures")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {dashboardCards(dashboard.data, fmt, calculationText).map((card, i) => (
              <li
                key={card.key}
                aria-labelledby={`${idPrefix}-card-${i}`}
                className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
              >
                <h2 id={`${idPrefix}-card-${i}`} className="text-sm font-medium text-slate-600">
                  {t(`cards.${card.key}`)}
                </h2>
                <p className="mt-2 text-3xl font-semibold text-slate-900" data-testid="card-value">
                  {card.value}
                </p>
                {card.note && (
                  <p className="mt-1 text-sm text-slate-600">
                    {card.note.key === "pasi75Note"
                      ? t("pasi75Note", card.note.values)
                      : t("seriousNote", card.note.values)}
                  </p>
                )}
                {card.detail && (
                  <p className="mt-1 text-xs text-slate-500" data-testid="card-detail">
                    {card.detail}
                  </p>
                )}
              </li>
            ))}
            {/* The data queries in the reader's scope by status (decision 0030). */}
            <li
              aria-labelledby={`${idPrefix}-queries`}
              className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id={`${idPrefix}-queries`} className="text-sm font-medium text-slate-600">
                {tq("title")}
              </h2>
              <dl aria-label={tq("counts")} className="mt-2 grid grid-cols-3 gap-2">
                {(["open", "answered", "closed"] as const).map((status) => (
                  <div key={status} className="min-w-0">
                    <dt className="text-xs text-slate-600">{tq(status)}</dt>
                    <dd className="text-2xl font-semibold text-slate-900" data-testid={`queries-${status}`}>
                      {fmt.number(dashboard.data.queries[status])}
                    </dd>
                  </div>
                ))}
              </dl>
              {studyCode && (
                <Link
                  href={`/${studyCode}/queries?status=open`}
                  className="mt-2 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {tq("link")}
                </Link>
              )}
            </li>
            {/* The visits in the reader's scope by form status (decision 0031). */}
            <li
              aria-labelledby={`${idPrefix}-review`}
              className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id={`${idPrefix}-review`} className="text-sm font-medium text-slate-600">
                {tr("visitsTitle")}
              </h2>
              <dl aria-label={tr("visitsCounts")} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                {FORM_STATUSES.map((status) => (
                  <div key={status} className="min-w-0">
                    <dt className="text-xs text-slate-600">{tf(status)}</dt>
                    <dd className="text-2xl font-semibold text-slate-900" data-testid={`visits-${status}`}>
                      {fmt.number(dashboard.data.form_status.visits[status])}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="mt-1 text-xs text-slate-500" data-testid="patients-review">
                {tr("patientsLine", {
                  complete: fmt.number(dashboard.data.form_status.patients.complete),
                  verified: fmt.number(dashboard.data.form_status.patients.verified),
                  total: fmt.number(dashboard.data.overview.total_patients),
                })}
              </p>
              {studyCode && (
                <Link
                  href={`/${studyCode}/sdv`}
                  className="mt-2 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {tr("link")}
                </Link>
              )}
            </li>
          </ul>
          {overdue}
          <section
            aria-labelledby="demographics-heading"
            className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id="demographics-heading" className="text-lg font-semibold text-slate-900">
              {t("demographics")}
            </h2>
            <dl className="mt-3 divide-y divide-slate-100">
              {demographicRows(dashboard.data.demographics.patients_by_sex).map((row) => (
                <div key={row.label} className="flex justify-between py-2 text-sm">
                  <dt className="text-slate-700">{t(`sex.${row.label}`)}</dt>
                  <dd className="font-medium text-slate-900">{fmt.number(row.count)}</dd>
                </div>
              ))}
            </dl>
          </section>
        </>
      )}
    </div>
  );
}
