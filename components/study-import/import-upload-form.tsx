"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { HintedRadioGroup } from "@/components/ui/hinted-radio-group";
import { Label } from "@/components/ui/label";
import { useStartImport } from "@/lib/client/imports";
import type { Locale } from "@/lib/i18n/locales";
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/imports/import-formats";
import { MAX_IMPORT_FILE_BYTES } from "@/lib/schemas/import-jobs";
import { formatFileSize } from "@/lib/schemas/uploads";

const FILE_ID = "import-file";

/**
 * A file and its layout, sent as a preview. No CSV dialect to choose: the reader detects commas or
 * semicolons and the decimal mark (decision 0037). A file over the limit is refused before a byte
 * is sent.
 */
export function ImportUploadForm({
  studyId,
  onStarted,
}: {
  studyId: number;
  onStarted: (jobId: number) => void;
}) {
  const t = useTranslations("imports.upload");
  const words = useWords();
  const max = formatFileSize(MAX_IMPORT_FILE_BYTES, useLocale() as Locale);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>("csv-long");
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartImport(studyId);

  function submit() {
    if (!file) return setProblem(t("noFile"));
    if (file.size > MAX_IMPORT_FILE_BYTES) return setProblem(t("tooLarge", { name: file.name, max }));
    setProblem(null);
    start.mutate({ mode: "preview", format, file }, { onSuccess: (job) => onStarted(job.id) });
  }

  return (
    <form
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="import-upload-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (!start.isPending) submit();
      }}
    >
      <h2 id="import-upload-heading" className="text-base font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <div>
        <Label htmlFor={FILE_ID}>{t("file")}</Label>
        <input
          id={FILE_ID}
          name="file"
          type="file"
          accept=".csv,.txt,.gz,text/csv,text/plain,application/gzip"
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${FILE_ID}-hint${problem ? ` ${FILE_ID}-error` : ""}`}
          disabled={start.isPending}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
          }}
        />
        <p id={`${FILE_ID}-hint`} className="mt-1 text-xs text-slate-600">
          {t("fileHint", { max })}
        </p>
        <FieldError id={FILE_ID} error={problem} />
      </div>
      <HintedRadioGroup
        name="format"
        legend={t("format")}
        options={IMPORT_FORMATS.map((value) => ({
          value,
          label: t(`formats.${value}.label`),
          hint: t(`formats.${value}.hint`),
        }))}
        value={format}
        onChange={setFormat}
        disabled={start.isPending}
      />
      <Button type="submit" disabled={start.isPending}>
        {start.isPending ? t("uploading") : t("preview")}
      </Button>
      {start.isError && <Alert>{t("failed", { detail: words(start.error.message) })}</Alert>}
    </form>
  );
}
