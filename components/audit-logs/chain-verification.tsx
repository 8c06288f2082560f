"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Button } from "@/components/ui/button";
import { useChainVerification, useStartChainVerification } from "@/lib/client/audit-logs";

/**
 * Chain verification for platform admins: started on the server in the background, its progress
 * polled each second; the result names the first broken row and the cases found.
 */
export function ChainVerification() {
  const t = useTranslations("audit.chain");
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartChainVerification();
  const job = useChainVerification(jobId).data;
  const fmt = useFormat();
  const running = start.isPending || job?.state === "running";
  return (
    <section aria-label={t("label")} className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <Button
          variant="secondary"
          disabled={running}
          onClick={() => start.mutate(undefined, { onSuccess: (started) => setJobId(started.id) })}
        >
          {running ? t("verifying") : t("verify")}
        </Button>
      </div>
      {start.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t("startFailed", { detail: start.error.message })}
        </p>
      )}
      {job && (
        <div className="mt-3 text-sm" data-testid="chain-verification">
          {job.state === "running" && (
            <>
              <progress
                className="w-full"
                max={Math.max(job.total_rows, 1)}
                value={job.rows_checked}
                aria-label={t("progress")}
              />
              <p className="text-slate-600">
                {t("rowsChecked", {
                  checked: fmt.number(job.rows_checked),
                  total: fmt.number(job.total_rows),
                })}
              </p>
            </>
          )}
          {(job.state === "failed" || job.state === "interrupted") && <p role="alert">{job.error}</p>}
          {job.state === "done" && job.ok && (
            <p role="status" className="text-green-800">
              {t("intact", { checked: fmt.number(job.rows_checked) })}
            </p>
          )}
          {job.state === "done" && !job.ok && (
            <div role="alert" className="text-red-800">
              <p className="font-semibold">
                {job.first_broken_row_id === null
                  ? t("broken")
                  : t("brokenAt", { id: job.first_broken_row_id })}
              </p>
              <ul className="mt-1 list-disc pl-5">
                {job.findings.map((finding, i) => (
                  <li key={i} className="break-words">
                    {finding.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
