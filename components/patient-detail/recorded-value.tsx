import { useTranslations } from "next-intl";
import { useBooleanWords, type BooleanLabels } from "@/components/forms/boolean-labels";
import type { RenderableField } from "@/components/forms/field-input";
import { useFormat } from "@/components/i18n/use-format";
import { isUnanswered, valueText } from "@/lib/forms/value-text";
import type { SubField } from "@/lib/schemas/study-config";

export { isUnanswered, valueText };

type Shown = Pick<RenderableField, "type" | "options"> & { schema?: Record<string, SubField> };

/**
 * One recorded value as the capture form would show it (docs/decisions/0028): dates and numbers in
 * the reader's format, options by their label, booleans in the form's words, an array as a small
 * table, and an unanswered question blank (a dash read as "not answered"), never "No" (decision
 * 0023). The one place a stored value becomes text on the patient page, so a missing-data code can
 * be shown here too.
 */
export function RecordedValue({
  field,
  value,
  booleanLabels,
}: {
  field: Shown;
  value: unknown;
  booleanLabels: BooleanLabels;
}) {
  const t = useTranslations("patientPage.value");
  const yesNo = useBooleanWords(booleanLabels);
  const fmt = useFormat();
  if (isUnanswered(value))
    return (
      <span className="text-slate-400" title={t("unanswered")}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("unanswered")}</span>
      </span>
    );
  if (field.type === "array" && Array.isArray(value))
    return <RecordedRows field={field} rows={value} booleanLabels={booleanLabels} />;
  return (
    <span className={field.type === "textarea" ? "whitespace-pre-wrap" : undefined}>
      {valueText(field, value, yesNo, fmt)}
    </span>
  );
}

/** An array field's rows: one column per sub-field, scrolling inside itself on a phone. */
function RecordedRows({
  field,
  rows,
  booleanLabels,
}: {
  field: Shown;
  rows: unknown[];
  booleanLabels: BooleanLabels;
}) {
  const columns = Object.entries(field.schema ?? {});
  const cell = (row: unknown, name: string) =>
    row !== null && typeof row === "object" ? (row as Record<string, unknown>)[name] : undefined;
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="mt-1 min-w-full text-left text-xs">
        <thead className="text-slate-500">
          <tr>
            {columns.map(([name, sub]) => (
              <th key={name} scope="col" className="py-1 pr-3 font-medium">
                {sub.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map(([name, sub]) => (
                <td key={name} className="py-1 pr-3 align-top">
                  <RecordedValue field={sub} value={cell(row, name)} booleanLabels={booleanLabels} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
