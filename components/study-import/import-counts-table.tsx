"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import type { ImportCounts, ImportMode } from "@/lib/schemas/import-jobs";

const CELL = "px-3 py-2 text-right tabular-nums";

/**
 * Patients and visits the import would create, update, leave as they are or refuse (a preview), or
 * did (an apply), with the rows read and the issues found.
 */
export function ImportCountsTable({ counts, mode }: { counts: ImportCounts; mode: ImportMode }) {
  const t = useTranslations("imports.counts");
  const fmt = useFormat();
  const preview = mode === "preview";
  const rows = [
    {
      key: "patients",
      values: [
        counts.patients_create,
        counts.patients_update,
        counts.patients_unchanged,
        counts.patients_refused,
      ],
    },
    {
      key: "visits",
      values: [counts.visits_create, counts.visits_update, counts.visits_unchanged, counts.visits_refused],
    },
  ] as const;
  return (
    <div className="space-y-1">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] border-collapse text-sm" data-testid="import-counts">
          <caption className="pb-2 text-left text-base font-semibold text-slate-900">
            {t(preview ? "previewCaption" : "applyCaption")}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("records")}
              </th>
              <th scope="col" className={CELL}>
                {t(preview ? "toCreate" : "created")}
              </th>
              <th scope="col" className={CELL}>
                {t(preview ? "toUpdate" : "updated")}
              </th>
              <th scope="col" className={CELL}>
                {t("unchanged")}
              </th>
              <th scope="col" className={CELL}>
                {t("refused")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {t(row.key)}
                </th>
                {row.values.map((value, index) => (
                  <td key={index} className={CELL}>
                    {fmt.number(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">
        {t("summary", {
          rows: counts.rows,
          issues: counts.issues,
          blocking: fmt.number(counts.blocking_issues),
        })}
      </p>
    </div>
  );
}
