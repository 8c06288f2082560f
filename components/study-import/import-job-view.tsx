"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isImportActive, useImportJob } from "@/lib/client/imports";
import type { ImportJobResponse } from "@/lib/schemas/import-jobs";
import type { VisitTypeLabel } from "./import-events-table";
import { ImportProgress } from "./import-progress";
import { ImportReport } from "./import-report";

const HEADING_ID = "import-job-heading";

/**
 * One job, read again every second while it is queued or running: its progress and Cancel, then
 * its report. Focus moves here when it opens, so a keyboard or screen reader user lands on what
 * they asked for; its state sentence is a live region that tells each change, the end included.
 */
export function ImportJobView({
  studyId,
  jobId,
  visitTypes,
  onStarted,
  onClose,
}: {
  studyId: number;
  jobId: number;
  visitTypes: VisitTypeLabel[];
  /** An apply started from this preview: its job is opened in this one's place. */
  onStarted: (jobId: number) => void;
  onClose: () => void;
}) {
  const t = useTranslations("imports.job");
  const words = useWords();
  const job = useImportJob(studyId, jobId);
  const section = useRef<HTMLElement>(null);
  useEffect(() => section.current?.focus(), []);
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby={job.data ? HEADING_ID : undefined}
      aria-label={job.data ? undefined : t("loading")}
      className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40 sm:p-6"
      data-testid="import-job"
    >
      {job.isPending ? (
        <p role="status" className="text-sm text-slate-700">
          {t("loading")}
        </p>
      ) : job.isError ? (
        <Alert>{t("failed", { detail: words(job.error.message) })}</Alert>
      ) : (
        <>
          <JobHeader job={job.data} onClose={onClose} />
          {isImportActive(job.data.state) ? (
            <ImportProgress studyId={studyId} job={job.data} />
          ) : (
            <ImportReport studyId={studyId} job={job.data} visitTypes={visitTypes} onStarted={onStarted} />
          )}
        </>
      )}
    </section>
  );
}

function JobHeader({ job, onClose }: { job: ImportJobResponse; onClose: () => void }) {
  const t = useTranslations("imports");
  const words = useWords();
  const fmt = useFormat();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={HEADING_ID} className="min-w-0 text-lg font-semibold break-all text-slate-900">
          {t(job.mode === "preview" ? "job.previewOf" : "job.applyOf", { file: job.file_name })}
        </h2>
        <Button variant="ghost" className="px-2 py-1" onClick={onClose}>
          {t("job.close")}
        </Button>
      </div>
      <p className="text-sm break-words text-slate-600">
        {t("job.startedBy", {
          at: fmt.dateTime(job.created_at),
          who: job.created_by_email ?? t("job.someone"),
        })}
      </p>
      <div role="status" aria-live="polite" className="space-y-1 text-sm font-medium text-slate-900">
        <p>{t(`job.status.${job.state}`, { percent: fmt.number(Math.round(job.progress * 100)) })}</p>
        {job.error && <p className="font-normal text-red-800">{words(job.error)}</p>}
      </div>
    </div>
  );
}
