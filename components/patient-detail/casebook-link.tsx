"use client";

import { useTranslations } from "next-intl";

/**
 * The patient's casebook as a PDF (docs/decisions/0035): a plain download link, so the browser
 * saves the server's file under its own name; the server checks the reader and audits the copy.
 * Shown to everyone who can see the patient page, exactly those the server lets read it.
 */
export function CasebookLink({ patientId }: { patientId: number }) {
  const t = useTranslations("casebook");
  return (
    <a
      href={`/api/patients/${patientId}/casebook.pdf`}
      download
      title={t("linkHint")}
      className="inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-100"
    >
      {t("link")}
    </a>
  );
}
