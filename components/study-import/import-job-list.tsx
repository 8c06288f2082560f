"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useImportJobs } from "@/lib/client/imports";

const COLUMNS = ["date", "file", "mode", "state", "counts", "who"] as const;

/**
 * The study's earlier jobs, newest first as the API lists them; each opens its report above. The
 * list follows a running job's state (it is read again while one runs).
 */
export function ImportJobList({
  studyId,
  openJob,
  onOpen,
}: {
  studyId: number;
  openJob: number | null;
  onOpen: (jobId: number) => void;
}) {
  const t = useTranslations("imports");
  const words = useWords();
  const fmt = useFormat();
  const jobs = useImportJobs(studyId);
  return (
    <section
      aria-labelledby="import-list-heading"
      className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="import-list-heading" className="text-base font-semibold text-slate-900">
        {t("list.heading")}
      </h2>
      {jobs.isPending ? (
        <p role="status" className="text-sm text-slate-700">
          {t("list.loading")}
        </p>
      ) : jobs.isError ? (
        <div className="space-y-2">
          <Alert>{t("list.failed", { detail: words(jobs.error.message) })}</Alert>
          <Button variant="secondary" onClick={() => void jobs.refetch()}>
            {t("list.retry")}
          </Button>
        </div>
      ) : jobs.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("list.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] border-collapse text-sm" aria-label={t("list.heading")}>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium">
                    {t(`list.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {jobs.data.items.map((job) => {
                const date = fmt.dateTime(job.created_at);
                const open = job.id === openJob;
                return (
                  <tr
                    key={job.id}
                    className="border-b border-slate-100 align-top"
                    data-testid={`import-row-${job.id}`}
                  >
                    <td className="px-3 py-2 whitespace-nowrap">{date}</td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        className="text-left font-medium break-all text-blue-700 underline underline-offset-2"
                        aria-label={t("list.openLabel", { file: job.file_name, date })}
                        aria-current={open ? "true" : undefined}
                        onClick={() => onOpen(job.id)}
                      >
                        {job.file_name}
                      </button>
                      {open && <span className="block text-xs text-slate-600">{t("list.shown")}</span>}
                    </td>
                    <td className="px-3 py-2">{t(`modes.${job.mode}`)}</td>
                    <td className="px-3 py-2">{t(`states.${job.state}`)}</td>
                    <td className="px-3 py-2">
                      {t("list.countsValue", {
                        patientsCreate: fmt.number(job.counts.patients_create),
                        patientsUpdate: fmt.number(job.counts.patients_update),
                        visitsCreate: fmt.number(job.counts.visits_create),
                        visitsUpdate: fmt.number(job.counts.visits_update),
                      })}
                    </td>
                    <td className="px-3 py-2 break-all">{job.created_by_email ?? t("job.someone")}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
