"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { cn } from "@/components/ui/cn";
import type { QueryResponse } from "@/lib/schemas/queries";
import type { QueryStatus } from "@/lib/schemas/query-states";

/** The words the study gives its visit types and fields, in the reader's language (decision 0022). */
export type QueryLabels = {
  visitTypes: { code: string; label: string }[];
  fields: { name: string; label: string }[];
  /** The people queries are assigned to, by user id. */
  assignees: { id: number; name: string }[];
};

/**
 * A column of the queries list: its heading and its cell. The table (from `md` up) and the phone's
 * cards render the same list, so a column added here shows in both (decision 0029's pattern).
 */
export type QueryColumn = { key: string; header: string; cell: (query: QueryResponse) => ReactNode };

const STATUS_TONE: Record<QueryStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  answered: "bg-blue-100 text-blue-900",
  closed: "bg-slate-200 text-slate-700",
};

/** The status in words, with a colour that is never the only sign of it. */
export function QueryStatusBadge({ status }: { status: QueryStatus }) {
  const t = useTranslations("queriesPage.status");
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        STATUS_TONE[status],
      )}
    >
      {t(status)}
    </span>
  );
}

/** The patient's code as the link to their page. */
export function PatientLink({ studyCode, query }: { studyCode: string; query: QueryResponse }) {
  const t = useTranslations("queriesPage");
  return (
    <Link
      href={`/${studyCode}/patients/${query.patient_id}`}
      aria-label={t("viewPatient", { code: query.patient_code })}
      className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
    >
      {query.patient_code}
    </Link>
  );
}

/** Every column but the patient's (the table's first cell, the card's title). */
export function useQueryColumns(labels: QueryLabels): QueryColumn[] {
  const t = useTranslations("queriesPage");
  const fmt = useFormat();
  const visitType = new Map(labels.visitTypes.map((type) => [type.code, type.label]));
  const field = new Map(labels.fields.map((f) => [f.name, f.label]));
  const assignee = new Map(labels.assignees.map((a) => [a.id, a.name]));
  return [
    {
      key: "where",
      header: t("columns.where"),
      cell: (q) =>
        q.visit_number === null
          ? t("where.patient")
          : t("where.visit", {
              n: fmt.number(q.visit_number),
              type: q.visit_type === null ? "" : (visitType.get(q.visit_type) ?? q.visit_type),
            }),
    },
    {
      key: "field",
      header: t("columns.field"),
      // The study's label where it has one, else the record's column name (code, visit_date…).
      cell: (q) => (q.field === null ? t("wholeVisit") : (field.get(q.field) ?? q.field)),
    },
    { key: "status", header: t("columns.status"), cell: (q) => <QueryStatusBadge status={q.status} /> },
    {
      key: "assignee",
      header: t("columns.assignee"),
      cell: (q) =>
        q.assignee_id === null
          ? t("unassigned")
          : (assignee.get(q.assignee_id) ?? `#${fmt.number(q.assignee_id)}`),
    },
    { key: "opened", header: t("columns.opened"), cell: (q) => fmt.date(q.opened_at) },
    { key: "daysOpen", header: t("columns.daysOpen"), cell: (q) => fmt.number(q.days_open) },
  ];
}
