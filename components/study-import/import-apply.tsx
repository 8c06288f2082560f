"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useStartImport } from "@/lib/client/imports";
import type { ImportJobResponse } from "@/lib/schemas/import-jobs";

/**
 * "Apply import" for a preview with no blocking issue, after a confirmation that names what it
 * will write. The apply reuses the preview's stored file (`preview_job_id`), so what is written is
 * exactly the file that was previewed.
 */
export function ImportApply({
  studyId,
  preview,
  onStarted,
}: {
  studyId: number;
  preview: ImportJobResponse;
  onStarted: (jobId: number) => void;
}) {
  const t = useTranslations("imports.apply");
  const words = useWords();
  const [confirming, setConfirming] = useState(false);
  const start = useStartImport(studyId);
  const close = () => {
    setConfirming(false);
    start.reset();
  };
  const { counts } = preview;
  return (
    <div>
      <Button onClick={() => setConfirming(true)}>{t("button")}</Button>
      <Dialog
        open={confirming}
        onClose={close}
        title={t("title")}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t("back")}
            </Button>
            <Button
              disabled={start.isPending}
              onClick={() =>
                start.mutate(
                  { mode: "apply", format: preview.format, previewJobId: preview.id },
                  { onSuccess: (job) => onStarted(job.id) },
                )
              }
            >
              {start.isPending ? t("starting") : t("confirm")}
            </Button>
          </>
        }
      >
        <p className="text-sm break-words text-slate-700">
          {t("body", {
            file: preview.file_name,
            patientsCreate: counts.patients_create,
            patientsUpdate: counts.patients_update,
            visitsCreate: counts.visits_create,
            visitsUpdate: counts.visits_update,
          })}
        </p>
        {start.isError && (
          <Alert className="mt-3">{t("failed", { detail: words(start.error.message) })}</Alert>
        )}
      </Dialog>
    </div>
  );
}
