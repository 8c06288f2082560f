"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { cn } from "@/components/ui/cn";
import { downloadAuditCsv, type AuditFilterValues } from "@/lib/client/audit-logs";
import { defaultCsvFormat } from "@/lib/client/study-export";
import { CSV_FORMATS, type CsvFormat } from "@/lib/csv/csv-cells";

/**
 * The Audit Logs screen's CSV export (spec §2): the spreadsheet format, then the button. The page's
 * language chooses the format offered first, as on the study export screen (decision 0021: `it`
 * gets `;` with decimal commas, which Excel in Italian opens with its columns split).
 */
export function AuditCsvExport({
  filters,
  onResult,
}: {
  filters: AuditFilterValues;
  /** Told before each export (null) and after a failed one (the message to show). */
  onResult: (error: string | null) => void;
}) {
  const t = useTranslations("audit");
  const formatWords = useTranslations("csv.format");
  const locale = useLocale();
  const [csvFormat, setCsvFormat] = useState<CsvFormat>(() => defaultCsvFormat(locale));
  const [exporting, setExporting] = useState(false);
  const id = useId();

  async function exportCsv() {
    setExporting(true);
    onResult(null);
    try {
      await downloadAuditCsv(filters, csvFormat);
    } catch (error) {
      console.error(error);
      onResult(t("exportFailed"));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
      <label htmlFor={`${id}-csv-format`} className="text-sm text-slate-700">
        {formatWords("legend")}
      </label>
      <select
        id={`${id}-csv-format`}
        className={cn(CONTROL_CLASS, "w-auto min-w-0 max-w-full")}
        value={csvFormat}
        onChange={(event) => setCsvFormat(event.target.value as CsvFormat)}
      >
        {CSV_FORMATS.map((format) => (
          <option key={format} value={format}>
            {formatWords(format)}
          </option>
        ))}
      </select>
      <Button onClick={exportCsv} disabled={exporting}>
        {exporting ? t("exporting") : t("export")}
      </Button>
    </div>
  );
}
