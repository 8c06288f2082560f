"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ImportJobList } from "./import-job-list";
import { ImportJobView } from "./import-job-view";
import { ImportUploadForm } from "./import-upload-form";
import type { VisitTypeLabel } from "./import-events-table";

export type ImportPageProps = {
  studyId: number;
  studyName: string;
  /** The study's visit types in the reader's words, for the REDCap event mapping. */
  visitTypes: VisitTypeLabel[];
  /** A locked study takes no import (docs/decisions/0034-patient-and-study-lock.md). */
  locked: boolean;
};

/**
 * The Imports screen (docs/decisions/0037-bulk-import.md): a file is previewed first (nothing
 * written), its report read, then applied from the preview's own file; the study's earlier jobs
 * below, each opening its report in the same place as a new one.
 */
export function ImportPage({ studyId, studyName, visitTypes, locked }: ImportPageProps) {
  const t = useTranslations("imports");
  const [openJob, setOpenJob] = useState<number | null>(null);
  return (
    <div className="mx-auto max-w-4xl min-w-0 space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro", { study: studyName })}</p>
      </div>
      {locked ? (
        <Alert tone="info">{t("locked")}</Alert>
      ) : (
        <>
          <ImportUploadForm studyId={studyId} onStarted={setOpenJob} />
          {openJob !== null && (
            <ImportJobView
              key={openJob}
              studyId={studyId}
              jobId={openJob}
              visitTypes={visitTypes}
              onStarted={setOpenJob}
              onClose={() => setOpenJob(null)}
            />
          )}
          <ImportJobList studyId={studyId} openJob={openJob} onOpen={setOpenJob} />
        </>
      )}
    </div>
  );
}
