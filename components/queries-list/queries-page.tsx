"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadMoreFooter } from "@/components/ui/load-more-footer";
import { useStudyQueries } from "@/lib/client/data-queries";
import { downloadQueriesCsv } from "@/lib/client/query-export";
import type { PatientGroupChoice } from "@/lib/schemas/patients";
import { PatientLink, useQueryColumns, type QueryColumn, type QueryLabels } from "./query-columns";
import { NO_QUERY_FILTERS, QueryFilters, queryFilterParams, type QueryFilterValues } from "./query-filters";
import type { QueryResponse } from "@/lib/schemas/queries";

/** Queries a page: the list grows by this many with each Load more (keyset, decision 0030). */
export const QUERIES_PAGE_SIZE = 20;
/** The days box asks the server once typing pauses, not at every keystroke. */
const TYPING_DELAY_MS = 300;

export type QueriesPageProps = {
  studyId: number;
  studyCode: string;
  labels: QueryLabels;
  /** The study's medical groups (the patient screens' choices, decision 0028); none: no filter. */
  groups: PatientGroupChoice[];
  /** Filters the page opens with (`?status=open` from the dashboard's card). */
  initial?: Partial<QueryFilterValues>;
};

/**
 * The study's data queries in the reader's clinical scope (docs/decisions/0030): filters, newest or
 * oldest first, Load more over the keyset pages, and the threads of the same selection as a CSV.
 * From `md` up a table; below it a card per query (decision 0029), so no page scrolls sideways.
 */
export function QueriesPage({ studyId, studyCode, labels, groups, initial }: QueriesPageProps) {
  const t = useTranslations("queriesPage");
  const words = useWords();
  const [values, setValues] = useState<QueryFilterValues>({ ...NO_QUERY_FILTERS, ...initial });
  // The days box is applied once typing pauses; every other filter at once.
  const [days, setDays] = useState(values.min_days_open);
  useEffect(() => {
    const timer = setTimeout(() => setDays(values.min_days_open), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values.min_days_open]);
  const params = queryFilterParams({ ...values, min_days_open: days });
  const list = useStudyQueries(studyId, params, QUERIES_PAGE_SIZE);
  const columns = useQueryColumns(labels);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  async function saveCsv() {
    setDownload({ busy: true, error: null });
    try {
      await downloadQueriesCsv(studyId, params);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-[var(--study-primary)] [font-family:var(--study-heading-font-family)]">
          {t("title")}
        </h1>
        <Button variant="secondary" onClick={() => void saveCsv()} disabled={download.busy}>
          {download.busy ? t("downloading") : t("download")}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      {download.error !== null && <Alert>{t("downloadError", { detail: words(download.error) })}</Alert>}
      <QueryFilters values={values} onChange={setValues} labels={labels} groups={groups} />
      {list.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("loading")}
        </p>
      ) : list.isError && items.length === 0 ? (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>{t("loadError", { detail: words(list.error.message) })}</span>
          <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t("retry")}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-8 text-center text-sm text-slate-600">
          {t("empty")}
        </p>
      ) : (
        <>
          <QueryTable items={items} columns={columns} studyCode={studyCode} />
          <QueryCards items={items} columns={columns} studyCode={studyCode} />
          <LoadMoreFooter
            list={list}
            words={{
              shown: t("shown", { count: items.length }),
              loadMore: t("loadMore"),
              loadingMore: t("loadingMore"),
              loadError: t("loadError", { detail: words(list.error?.message ?? "") }),
              retry: t("retry"),
            }}
          />
        </>
      )}
    </div>
  );
}

type ListProps = { items: QueryResponse[]; columns: QueryColumn[]; studyCode: string };

function QueryTable({ items, columns, studyCode }: ListProps) {
  const t = useTranslations("queriesPage");
  return (
    <div className="hidden rounded-lg border border-slate-200 bg-white shadow-sm md:block">
      {/* A long patient code scrolls the table, never the page. */}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                {t("columns.patient")}
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="px-4 py-2">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((query) => (
              <tr key={query.id} data-testid={`query-row-${query.id}`}>
                <th scope="row" className="px-4 py-2 text-left font-normal whitespace-nowrap">
                  <PatientLink studyCode={studyCode} query={query} />
                </th>
                {columns.map((column) => (
                  <td key={column.key} className="px-4 py-2">
                    {column.cell(query)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Below `md`: a card per query, titled by its patient, every other column as label and value. */
function QueryCards({ items, columns, studyCode }: ListProps) {
  const t = useTranslations("queriesPage");
  return (
    <ul aria-label={t("cards")} className="space-y-3 md:hidden">
      {items.map((query) => (
        <li
          key={query.id}
          data-testid={`query-card-${query.id}`}
          aria-label={t("cardTitle", { code: query.patient_code })}
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 className="text-base font-semibold break-words text-slate-900">
            <PatientLink studyCode={studyCode} query={query} />
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {columns.map((column) => (
              <div key={column.key} className="min-w-0">
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                  {column.header}
                </dt>
                <dd className="mt-0.5 break-words text-slate-900">{column.cell(query)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
