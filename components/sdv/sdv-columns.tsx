"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { FormStatusBadge } from "@/components/data-review/form-status-badge";
import { useFormat } from "@/components/i18n/use-format";
import type { PatientGroupChoice } from "@/lib/schemas/patients";
import type { SdvVisitRow } from "@/lib/schemas/sdv";

/** The study's words for its visit types, in the reader's language (decision 0022). */
export type SdvLabels = { visitTypes: { code: string; label: string }[] };

/**
 * A column of the SDV list: its heading and its cell. The table (from `md` up) and the phone's
 * cards render the same list, so a column added here shows in both (decision 0029).
 */
export type SdvColumn = { key: string; header: string; cell: (row: SdvVisitRow) => ReactNode };

/** The patient's code as the link to their page. */
export function SdvPatientLink({ studyCode, row }: { studyCode: string; row: SdvVisitRow }) {
  const t = useTranslations("sdvPage");
  return (
    <Link
      href={`/${studyCode}/patients/${row.patient_id}`}
      aria-label={t("viewPatient", { code: row.patient_code })}
      className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
    >
      {row.patient_code}
    </Link>
  );
}

/** "verified / required" in figures, a small bar beside them, and the sentence for screen readers. */
export function SdvProgress({ verified, required }: { verified: number; required: number }) {
  const t = useTranslations("sdvPage");
  const fmt = useFormat();
  const share = required === 0 ? 0 : Math.min(1, verified / required);
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span aria-hidden="true" className="tabular-nums">
        {t("progress", { verified: fmt.number(verified), required: fmt.number(required) })}
      </span>
      <span aria-hidden="true" className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200">
        <span
          className={share === 1 ? "block h-full bg-emerald-600" : "block h-full bg-blue-600"}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </span>
      <span className="sr-only">
        {t("progressLabel", { verified: fmt.number(verified), required: fmt.number(required) })}
      </span>
    </span>
  );
}

/** Every column but the patient's (the table's row heading, the card's title) and the checkbox. */
export function useSdvColumns(labels: SdvLabels, groups: PatientGroupChoice[]): SdvColumn[] {
  const t = useTranslations("sdvPage");
  const fmt = useFormat();
  const visitType = new Map(labels.visitTypes.map((type) => [type.code, type.label]));
  const group = new Map(groups.map((g) => [g.id, g.name]));
  const columns: SdvColumn[] = [
    {
      key: "visit",
      header: t("columns.visit"),
      cell: (row) =>
        t("visit", {
          n: fmt.number(row.visit_number),
          type: visitType.get(row.visit_type) ?? row.visit_type,
        }),
    },
    { key: "date", header: t("columns.date"), cell: (row) => fmt.date(row.visit_date) },
  ];
  if (groups.length > 0)
    columns.push({
      key: "group",
      header: t("columns.group"),
      cell: (row) =>
        row.medical_group_id === null
          ? t("noGroup")
          : (group.get(row.medical_group_id) ?? `#${fmt.number(row.medical_group_id)}`),
    });
  columns.push(
    {
      key: "status",
      header: t("columns.status"),
      cell: (row) => <FormStatusBadge status={row.form_status} />,
    },
    {
      key: "progress",
      header: t("columns.progress"),
      cell: (row) => <SdvProgress verified={row.verified} required={row.required} />,
    },
  );
  return columns;
}
