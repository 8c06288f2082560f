"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { importIssuesUrl } from "@/lib/client/imports";
import { EMPTY } from "@/lib/i18n/format";
import type { ImportJobResponse } from "@/lib/schemas/import-jobs";

/**
 * The report's issues: the answer carries the first ones (ISSUES_IN_ANSWER), the CSV all of them,
 * in the reader's words (the server puts them into words).
 */
export function ImportIssuesTable({ studyId, job }: { studyId: number; job: ImportJobResponse }) {
  const t = useTranslations("imports.issues");
  const fmt = useFormat();
  const total = job.counts.issues;
  return (
    <div className="space-y-2">
      <h3 className="text-base font-semibold text-slate-900">{t("heading")}</h3>
      {total === 0 && job.issues.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <>
          {total > job.issues.length && (
            <p className="text-sm text-slate-600">
              {t("firstOnly", { shown: fmt.number(job.issues.length), total: fmt.number(total) })}
            </p>
          )}
          <a
            className="inline-block text-sm font-medium text-blue-700 underline"
            href={importIssuesUrl(studyId, job.id)}
          >
            {t("download")}
          </a>
          <div className="max-h-[32rem] overflow-auto rounded-md border border-slate-200">
            <table className="w-full min-w-[36rem] border-collapse text-sm" aria-label={t("heading")}>
              <thead className="sticky top-0 bg-slate-50">
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  {(["row", "column", "message", "kind"] as const).map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className={
                        column === "row" ? "px-3 py-2 text-right font-medium" : "px-3 py-2 font-medium"
                      }
                    >
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {job.issues.map((issue, index) => (
                  <tr key={index} className="border-b border-slate-100 align-top">
                    <td className="px-3 py-2 text-right tabular-nums">
                      {issue.row === null ? EMPTY : String(issue.row)}
                    </td>
                    <td className="px-3 py-2 break-all">{issue.column ?? issue.field ?? EMPTY}</td>
                    <td className="px-3 py-2">{issue.message}</td>
                    <td className="px-3 py-2">
                      {issue.blocking ? (
                        <span className="font-medium text-red-800">{t("blocking")}</span>
                      ) : (
                        <span className="text-amber-900">{t("warning")}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
