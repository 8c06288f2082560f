"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { errorAt } from "./engine-resolver";
import type { BooleanLabels } from "./boolean-labels";
import { FieldInput, inputId, type RenderableField } from "./field-input";
import { FieldError } from "@/components/ui/field-error";
import { useWords } from "@/components/i18n/use-words";

type Props = {
  field: RenderableField;
  path: string;
  label: ReactNode;
  disabled: boolean;
  error: string | undefined;
  booleanLabels: BooleanLabels;
  /** Shown under the rows (the missing-data code control, decision 0023). */
  after?: ReactNode;
};

/** An array field: rows of sub-fields (from the field's `schema`), added and removed by the user. */
export function ArrayFieldInput({ field, path, label, disabled, error, booleanLabels, after }: Props) {
  const { control, formState } = useFormContext();
  const { fields: rows, append, remove } = useFieldArray({ control, name: path });
  const subFields = Object.entries(field.schema ?? {});
  const id = inputId(path);
  const t = useTranslations("forms.form");
  const words = useWords();

  return (
    <fieldset
      id={id}
      className="rounded-md border border-slate-200 p-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend id={`${id}-label`} className="px-1 text-sm font-medium text-slate-700">
        {label}
      </legend>
      {rows.length === 0 && <p className="text-sm text-slate-500">{t("noEntries")}</p>}
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li key={row.id} className="rounded-md bg-slate-50 p-3">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {field.label} {index + 1}
              </span>
              <Button
                variant="destructive"
                className="px-2 py-1 text-xs"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={t("removeRow", { label: field.label, n: index + 1 })}
              >
                {t("remove")}
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {subFields.map(([subName, sub]) => {
                const subPath = `${path}.${index}.${subName}`;
                return (
                  <FieldInput
                    key={subName}
                    field={{ ...sub, name: subName }}
                    path={subPath}
                    required={sub.validation?.required === true}
                    disabled={disabled}
                    error={errorAt(formState.errors, subPath)}
                    booleanLabels={booleanLabels}
                  />
                );
              })}
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="mt-3 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:text-slate-400"
        onClick={() => append({})}
        disabled={disabled}
      >
        {t("addRow", { label: field.label })}
      </button>
      {after}
      <FieldError id={id} error={error && words(error)} />
    </fieldset>
  );
}
