"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useCancelImport } from "@/lib/client/imports";
import type { ImportJobResponse } from "@/lib/schemas/import-jobs";

/**
 * A running job: the share of the file read, the rows so far, their rate and the time left (the
 * server measures both; either is absent until it can tell), and Cancel, which stops the job after
 * its current batch (a batch is written whole or not at all).
 */
export function ImportProgress({ studyId, job }: { studyId: number; job: ImportJobResponse }) {
  const t = useTranslations("imports.progress");
  const words = useWords();
  const fmt = useFormat();
  const cancel = useCancelImport(studyId, job.id);
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  const facts = [
    t("rows", { rows: job.rows_done }),
    job.rows_per_second === null ? null : t("rate", { rate: fmt.number(job.rows_per_second) }),
    job.eta_seconds === null ? null : etaWords(t, job.eta_seconds),
  ].filter((fact): fact is string => fact !== null);
  return (
    <div className="space-y-3" data-testid="import-progress">
      <div
        role="progressbar"
        aria-label={t("label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700">{facts.join(" · ")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={cancel.isPending || cancel.isSuccess}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? t("cancelling") : t("cancel")}
        </Button>
        {cancel.isSuccess && (
          <p role="status" className="text-sm text-slate-700">
            {t("cancelRequested")}
          </p>
        )}
      </div>
      {cancel.isError && <Alert>{t("cancelFailed", { detail: words(cancel.error.message) })}</Alert>}
    </div>
  );
}

/** Seconds below a minute, whole minutes (rounded up) above. */
function etaWords(t: ReturnType<typeof useTranslations<"imports.progress">>, seconds: number): string {
  return seconds < 60
    ? t("etaSeconds", { seconds: Math.max(1, Math.round(seconds)) })
    : t("etaMinutes", { minutes: Math.ceil(seconds / 60) });
}
