"use client";

import { useTranslations } from "next-intl";
import { CSV_FORMATS, type CsvFormat } from "@/lib/csv/csv-cells";

/**
 * The CSV format of an export (docs/decisions/0021): `,` with decimal points, or `;` with decimal
 * commas, which Excel in Italian opens with its columns split and its numbers as numbers.
 */
export function CsvFormatChoice({
  value,
  onChange,
}: {
  value: CsvFormat;
  onChange: (format: CsvFormat) => void;
}) {
  const t = useTranslations("csv.format");
  return (
    <fieldset className="text-sm">
      <legend className="text-slate-700">{t("legend")}</legend>
      <div className="mt-1 space-y-1">
        {CSV_FORMATS.map((format) => (
          <label key={format} className="flex items-start gap-2">
            <input
              type="radio"
              name="csv_format"
              value={format}
              className="mt-1"
              checked={value === format}
              onChange={() => onChange(format)}
            />
            <span>
              {t(format)}
              <span className="block text-slate-600">{t(`${format}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
