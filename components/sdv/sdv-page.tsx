"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadMoreFooter } from "@/components/ui/load-more-footer";
import { patientDetailKeys, queryKeys } from "@/lib/client/query-keys";
import { useSdvVisits, verifyWholeVisit } from "@/lib/client/sdv";
import type { SdvRequirement } from "@/lib/schemas/data-review";
import type { PatientGroupChoice } from "@/lib/schemas/patients";
import type { SdvVisitRow } from "@/lib/schemas/sdv";
import { SdvPatientLink, useSdvColumns, type SdvColumn, type SdvLabels } from "./sdv-columns";
import { NO_SDV_FILTERS, SdvFilters, sdvFilterParams, type SdvFilterValues } from "./sdv-filters";

/** Visits a page: the list grows by this many with each Load more (keyset, decision 0031). */
export const SDV_PAGE_SIZE = 50;

export type SdvPageProps = {
  studyId: number;
  studyCode: string;
  /** The study's requirement (its configuration): "none" is said at the top. */
  requirement: SdvRequirement;
  labels: SdvLabels;
  /** The study's medical groups, for the rows' group names (decision 0028). */
  groups: PatientGroupChoice[];
  /** Whether the filter offers the groups (not to a sub-investigator, whose list is one group). */
  filterGroups: boolean;
  /** sdv.verify (the study monitor): checkboxes and "Verify all checked". */
  canVerify: boolean;
};

type Failure = { visitId: number; code: string; n: number; detail: string };
type Run =
  | { kind: "idle" }
  | { kind: "running"; done: number; total: number }
  | { kind: "finished"; verified: number; failures: Failure[] };

/**
 * The SDV page (docs/decisions/0031): the study's visits by patient in the reader's scope with
 * their form status and verification progress, filters, Load more over the keyset pages, and for
 * the monitor a checkbox per row and "Verify all checked", which verifies each checked visit
 * ("all") one after the other, shows how far it got, names every visit that was refused and why,
 * and refetches the rows. From `md` up a table; below it a card per visit (decision 0029).
 */
export function SdvPage(props: SdvPageProps) {
  const { studyId, studyCode, requirement, labels, groups, filterGroups, canVerify } = props;
  const t = useTranslations("sdvPage");
  const words = useWords();
  const fmt = useFormat();
  const client = useQueryClient();
  const [values, setValues] = useState<SdvFilterValues>(NO_SDV_FILTERS);
  const list = useSdvVisits(studyId, sdvFilterParams(values), SDV_PAGE_SIZE);
  const columns = useSdvColumns(labels, groups);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [run, setRun] = useState<Run>({ kind: "idle" });
  const selectAllId = useId();

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = items.filter((row) => checked.has(row.visit_id));
  const running = run.kind === "running";

  function toggle(visitId: number, on: boolean) {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(visitId);
      else next.delete(visitId);
      return next;
    });
  }

  async function verifyChecked() {
    const rows = selected;
    const failures: Failure[] = [];
    let verified = 0;
    setRun({ kind: "running", done: 0, total: rows.length });
    // One at a time: each verification is its own audited transaction on the server, and a
    // refusal (a locked visit's 423, a lost scope's 404) is the row's own, told below by name.
    for (const [index, row] of rows.entries()) {
      try {
        await verifyWholeVisit(row.visit_id);
        verified++;
      } catch (error) {
        failures.push({
          visitId: row.visit_id,
          code: row.patient_code,
          n: row.visit_number,
          detail: words(error instanceof Error ? error.message : String(error)),
        });
      }
      setRun({ kind: "running", done: index + 1, total: rows.length });
    }
    // The failed rows stay checked, so a second try needs no re-selection.
    setChecked(new Set(failures.map((failure) => failure.visitId)));
    setRun({ kind: "finished", verified, failures });
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.sdv.all }),
      client.invalidateQueries({ queryKey: patientDetailKeys.all }),
      client.invalidateQueries({ queryKey: queryKeys.reports.all }),
    ]);
  }

  const requirementNote = {
    none: t("requirementNone"),
    key: t("requirementKey"),
    all: t("requirementAll"),
  }[requirement];

  const rowProps = { columns, studyCode, canVerify, checked, onToggle: toggle, disabled: running };

  return (
    <div className="min-w-0 space-y-4">
      <h1 className="text-2xl font-semibold text-[var(--study-primary)] [font-family:var(--study-heading-font-family)]">
        {t("title")}
      </h1>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      {requirement === "none" ? (
        <Alert tone="info">{requirementNote}</Alert>
      ) : (
        <p className="text-sm text-slate-600">{requirementNote}</p>
      )}
      <SdvFilters
        values={values}
        onChange={(next) => {
          setValues(next);
          setChecked(new Set());
        }}
        labels={labels}
        groups={filterGroups ? groups : []}
      />
      {run.kind === "running" && (
        <p role="status" className="text-sm text-slate-700">
          {t("verifying", { done: fmt.number(run.done), total: fmt.number(run.total) })}
        </p>
      )}
      {run.kind === "finished" && run.verified > 0 && (
        <Alert tone="info">{t("verifiedAll", { count: run.verified })}</Alert>
      )}
      {run.kind === "finished" && run.failures.length > 0 && (
        <Alert>
          <p>{t("verifyFailures", { count: run.failures.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {run.failures.map((failure) => (
              <li key={failure.visitId} className="break-words">
                {t("verifyFailure", { code: failure.code, n: fmt.number(failure.n), detail: failure.detail })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
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
          {canVerify && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
              <div className="flex min-w-0 items-center gap-2">
                <input
                  id={selectAllId}
                  type="checkbox"
                  className="h-5 w-5 shrink-0"
                  checked={selected.length === items.length}
                  disabled={running}
                  onChange={(e) =>
                    setChecked(e.target.checked ? new Set(items.map((row) => row.visit_id)) : new Set())
                  }
                />
                <label htmlFor={selectAllId} className="text-sm text-slate-700">
                  {t("selectPage")}
                </label>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-sm text-slate-600" aria-live="polite">
                  {t("selected", { count: selected.length })}
                </span>
                <Button onClick={() => void verifyChecked()} disabled={running || selected.length === 0}>
                  {t("verifyChecked")}
                </Button>
              </div>
            </div>
          )}
          <SdvTable items={items} {...rowProps} />
          <SdvCards items={items} {...rowProps} />
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

type ListProps = {
  items: SdvVisitRow[];
  columns: SdvColumn[];
  studyCode: string;
  canVerify: boolean;
  checked: ReadonlySet<number>;
  onToggle: (visitId: number, on: boolean) => void;
  disabled: boolean;
};

/** A row's checkbox, named by its patient's code and visit number. */
function RowCheckbox({
  row,
  checked,
  onToggle,
  disabled,
}: Pick<ListProps, "checked" | "onToggle" | "disabled"> & { row: SdvVisitRow }) {
  const t = useTranslations("sdvPage");
  const fmt = useFormat();
  return (
    <input
      type="checkbox"
      className="h-5 w-5"
      aria-label={t("selectRow", { code: row.patient_code, n: fmt.number(row.visit_number) })}
      checked={checked.has(row.visit_id)}
      disabled={disabled}
      onChange={(e) => onToggle(row.visit_id, e.target.checked)}
    />
  );
}

function SdvTable({ items, columns, studyCode, canVerify, ...boxes }: ListProps) {
  const t = useTranslations("sdvPage");
  return (
    <div className="hidden rounded-lg border border-slate-200 bg-white shadow-sm md:block">
      {/* A long patient code scrolls the table, never the page. */}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              {canVerify && (
                <th scope="col" className="w-10 px-4 py-2">
                  <span className="sr-only">{t("columns.select")}</span>
                </th>
              )}
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
            {items.map((row) => (
              <tr key={row.visit_id} data-testid={`sdv-row-${row.visit_id}`}>
                {canVerify && (
                  <td className="px-4 py-2">
                    <RowCheckbox row={row} {...boxes} />
                  </td>
                )}
                <th scope="row" className="px-4 py-2 text-left font-normal whitespace-nowrap">
                  <SdvPatientLink studyCode={studyCode} row={row} />
                </th>
                {columns.map((column) => (
                  <td key={column.key} className="px-4 py-2">
                    {column.cell(row)}
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

/** Below `md`: a card per visit, titled by its patient, every other column as label and value. */
function SdvCards({ items, columns, studyCode, canVerify, ...boxes }: ListProps) {
  const t = useTranslations("sdvPage");
  const fmt = useFormat();
  return (
    <ul aria-label={t("cards")} className="space-y-3 md:hidden">
      {items.map((row) => (
        <li
          key={row.visit_id}
          data-testid={`sdv-card-${row.visit_id}`}
          aria-label={t("cardTitle", { code: row.patient_code, n: fmt.number(row.visit_number) })}
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="flex min-w-0 items-start gap-3">
            {canVerify && <RowCheckbox row={row} {...boxes} />}
            <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">
              <SdvPatientLink studyCode={studyCode} row={row} />
            </h2>
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {columns.map((column) => (
              <div key={column.key} className="min-w-0">
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                  {column.header}
                </dt>
                <dd className="mt-0.5 break-words text-slate-900">{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
