"use client";

import { useTranslations } from "next-intl";
import { useWords } from "@/components/i18n/use-words";
import { FieldError } from "@/components/ui/field-error";
import { Controller, useFormContext } from "react-hook-form";
import type { DataField, FieldOption, SubField } from "@/lib/schemas/study-config";
import { ArrayFieldInput } from "./array-field-input";
import { useBooleanWords, type BooleanLabels } from "./boolean-labels";
import { NumberInput } from "./number-input";
import { TypedDateField } from "./typed-date-input";

export type RenderableField = Pick<
  DataField,
  "name" | "label" | "type" | "options" | "validation" | "description"
> & {
  schema?: Record<string, SubField>;
};

type Props = {
  field: RenderableField;
  /** Form path, e.g. "pasi_score" or "biologic_history.0.drug". */
  path: string;
  required: boolean;
  disabled: boolean;
  error: string | undefined;
  booleanLabels: BooleanLabels;
};

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500";

export const inputId = (path: string) => `field-${path.replaceAll(".", "-")}`;

/** One field of any type; unknown types say so instead of guessing. */
export function FieldInput({ field, path, required, disabled, error, booleanLabels }: Props) {
  const { register, control } = useFormContext();
  const t = useTranslations("forms.form");
  const yesNo = useBooleanWords(booleanLabels);
  const id = inputId(path);
  const describedBy = error ? `${id}-error` : field.description ? `${id}-hint` : undefined;
  const common = {
    id,
    disabled,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": required || undefined,
  };
  const options: FieldOption[] = field.options ?? [];
  const label = (
    <>
      {field.label}
      {required && (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      )}
    </>
  );

  let control_: React.ReactNode;
  let isGroup = false;
  switch (field.type) {
    case "date":
    case "month":
      // Typed in one stop in the reader's order (docs/decisions/0027).
      control_ = <TypedDateField path={path} kind={field.type} className={inputClass} {...common} />;
      break;
    case "text":
    case "email":
      control_ = (
        <input
          type={field.type}
          className={inputClass}
          {...common}
          {...register(path, { setValueAs: emptyToUndefined })}
        />
      );
      break;
    case "textarea":
      control_ = (
        <textarea
          rows={3}
          className={inputClass}
          {...common}
          {...register(path, { setValueAs: emptyToUndefined })}
        />
      );
      break;
    case "number":
      control_ = <NumberInput path={path} className={inputClass} {...common} />;
      break;
    case "select":
      control_ = (
        <select className={inputClass} {...common} {...register(path, { setValueAs: emptyToUndefined })}>
          <option value="">{t("select")}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case "radio":
      isGroup = true;
      control_ = (
        <Controller
          control={control}
          name={path}
          render={({ field: f }) => (
            <div className="flex flex-wrap gap-4">
              {options.map((o) => (
                <label key={o.value} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={path}
                    value={o.value}
                    checked={f.value === o.value}
                    disabled={disabled}
                    onChange={() => f.onChange(o.value)}
                    onBlur={f.onBlur}
                  />
                  {o.label}
                </label>
              ))}
            </div>
          )}
        />
      );
      break;
    case "multiselect":
      isGroup = true;
      control_ = (
        <Controller
          control={control}
          name={path}
          render={({ field: f }) => {
            const selected: string[] = Array.isArray(f.value) ? f.value : [];
            return (
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {options.map((o) => (
                  <label key={o.value} className="inline-flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      value={o.value}
                      checked={selected.includes(o.value)}
                      disabled={disabled}
                      onChange={(e) =>
                        f.onChange(
                          e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value),
                        )
                      }
                    />
                    {o.label}
                  </label>
                ))}
              </div>
            );
          }}
        />
      );
      break;
    case "boolean":
      isGroup = true;
      control_ = (
        <Controller
          control={control}
          name={path}
          render={({ field: f }) => (
            <div className="flex gap-4">
              {([true, false] as const).map((choice) => (
                <label key={String(choice)} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={path}
                    checked={f.value === choice}
                    disabled={disabled}
                    onChange={() => f.onChange(choice)}
                    onBlur={f.onBlur}
                  />
                  {choice ? yesNo.yes : yesNo.no}
                </label>
              ))}
            </div>
          )}
        />
      );
      break;
    case "checkbox":
      return (
        <div>
          <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
            <input type="checkbox" {...common} {...register(path)} />
            {label}
          </label>
          <FieldMessages id={id} error={error} description={field.description} />
        </div>
      );
    case "array":
      return (
        <ArrayFieldInput
          field={field}
          path={path}
          label={label}
          disabled={disabled}
          error={error}
          booleanLabels={booleanLabels}
        />
      );
    default:
      return (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" id={id}>
          {t("unsupported", { type: field.type })}
        </p>
      );
  }

  if (isGroup) {
    return (
      <fieldset
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      >
        <legend className="mb-1 text-sm font-medium [overflow-wrap:anywhere] text-slate-700">{label}</legend>
        {control_}
        <FieldMessages id={id} error={error} description={field.description} />
      </fieldset>
    );
  }
  return (
    <div>
      {/* A study's label may hold a long word (an identifier used as a label): it breaks rather
          than widen the form past a phone's screen. */}
      <label htmlFor={id} className="mb-1 block text-sm font-medium [overflow-wrap:anywhere] text-slate-700">
        {label}
      </label>
      {control_}
      <FieldMessages id={id} error={error} description={field.description} />
    </div>
  );
}

function FieldMessages({ id, error, description }: { id: string; error?: string; description?: string }) {
  // The engine's messages are catalogue references, put into the reader's words here.
  const words = useWords();
  if (error) {
    return <FieldError id={id} error={words(error)} />;
  }
  return description ? (
    <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
      {description}
    </p>
  ) : null;
}

function emptyToUndefined(value: unknown) {
  return value === "" || value === null ? undefined : value;
}
