"use client";

import { useTranslations } from "next-intl";
import type { ImportJobResponse } from "@/lib/schemas/import-jobs";
import { ImportApply } from "./import-apply";
import { ImportCountsTable } from "./import-counts-table";
import { ImportEventsTable, type VisitTypeLabel } from "./import-events-table";
import { ImportIssuesTable } from "./import-issues-table";

/**
 * A finished job's report: its counts, the REDCap event mapping and the ignored columns when the
 * file had them, its issues, and for a preview with no blocking issue the way to apply it.
 */
export function ImportReport({
  studyId,
  job,
  visitTypes,
  onStarted,
}: {
  studyId: number;
  job: ImportJobResponse;
  visitTypes: VisitTypeLabel[];
  onStarted: (jobId: number) => void;
}) {
  const t = useTranslations("imports");
  const applicable = job.mode === "preview" && job.state === "previewed";
  return (
    <div className="space-y-6" data-testid="import-report">
      <ImportCountsTable counts={job.counts} mode={job.mode} />
      {job.events.length > 0 && <ImportEventsTable events={job.events} visitTypes={visitTypes} />}
      {job.ignored_columns.length > 0 && (
        <div className="space-y-1">
          <h3 className="text-base font-semibold text-slate-900">{t("ignored.heading")}</h3>
          <p className="text-sm text-slate-600">{t("ignored.hint")}</p>
          <ul className="flex flex-wrap gap-2 text-sm">
            {job.ignored_columns.map((column) => (
              <li
                key={column}
                className="rounded bg-slate-100 px-2 py-0.5 font-mono break-all text-slate-800"
              >
                {column}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ImportIssuesTable studyId={studyId} job={job} />
      {applicable &&
        (job.counts.blocking_issues === 0 ? (
          <ImportApply studyId={studyId} preview={job} onStarted={onStarted} />
        ) : (
          <p className="text-sm font-medium text-red-800">{t("apply.blockedNote")}</p>
        ))}
    </div>
  );
}
