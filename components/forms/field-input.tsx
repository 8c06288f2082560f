"use client";

import { useTranslations } from "next-intl";
import { useWords } from "@/components/i18n/use-words";
import { FieldError } from "@/components/ui/field-error";
import { Controller, useFormContext } from "react-hook-form";
import type { DataField, FieldOption, MissingCode, SubField } from "@/lib/schemas/study-config";
import { ArrayFieldInput } from "./array-field-input";
import { useBooleanWords, type BooleanLabels } from "./boolean-labels";
import { MissingCodeControl, missingShortcut, useMissingCode } from "./missing-code-control";
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
  /**
   * The study's missing-data codes (decision 0023): given, the field can be answered with one
   * instead of a value (a top-level field; array rows have none).
   */
  missingCodes?: readonly MissingCode[];
};

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500";

export const inputId = (path: string) => `field-${path.replaceAll(".", "-")}`;

/** One field of any type; unknown types say so instead of guessing. */
export function FieldInput(props: Props) {
  const { field, path, required, error, booleanLabels, missingCodes } = props;
  const { register, control } = useFormContext();
  const t = useTranslations("forms.form");
  const tMissing = useTranslations("missing.boolean");
  const yesNo = useBooleanWords(booleanLabels);
  const id = inputId(path);
  // A field answered with a missing-data code has no value: its input is cleared and disabled.
  const code = useMissingCode(path);
  const disabled = props.disabled || code !== undefined;
  const missingControl = missingCodes ? (
    <MissingCodeControl
      name={path}
      labelId={`${id}-label`}
      buttonId={`${id}-missing`}
      codes={missingCodes}
      disabled={props.disabled}
    />
  ) : null;
  const onKeyDown = missingCodes ? missingShortcut(`${id}-missing`) : undefined;
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
            // Three states (decision 0023): nothing is chosen until the user chooses, and an
            // answer can be taken back to "unanswered".
            <div className="flex flex-wrap items-center gap-4">
              {([true, false] as const).map((choice) => (
                <label key={String(choice)} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={path}
                    checked={f.value === choice}
                    disabled={disabled}
                    onChange={() => f.onChange(choice)}
                    onBlur={f.onBlur}
                    aria-keyshortcuts="Delete"
                    onKeyDown={(event) => {
                      // Delete or Backspace takes the answer back (the Clear button is out of the Tab order).
                      if (event.key !== "Delete" && event.key !== "Backspace") return;
                      event.preventDefault();
                      f.onChange(null);
                    }}
                  />
                  {choice ? yesNo.yes : yesNo.no}
                </label>
              ))}
              {typeof f.value === "boolean" && !disabled && (
                <button
                  type="button"
                  onClick={() => f.onChange(null)}
                  tabIndex={-1}
                  title={tMissing("shortcut")}
                  aria-describedby={`${id}-label`}
                  className="rounded px-1.5 py-0.5 text-xs text-slate-500 underline hover:text-slate-800 focus:outline-none focus:ring-2 focus:ring-blue-600/40"
                >
                  {tMissing("clear")}
                </button>
              )}
            </div>
          )}
        />
      );
      break;
    case "checkbox":
      // Ticked is true; unticked is no answer (null), never an invented `false` (decision 0023).
      return (
        <div onKeyDown={onKeyDown}>
          <Controller
            control={control}
            name={path}
            render={({ field: f }) => (
              <label
                id={`${id}-label`}
                className="inline-flex items-center gap-2 text-sm font-medium text-slate-700"
              >
                <input
                  type="checkbox"
                  {...common}
                  ref={f.ref}
                  name={f.name}
                  checked={f.value === true}
                  onChange={(event) => f.onChange(event.target.checked ? true : null)}
                  onBlur={f.onBlur}
                />
                {label}
              </label>
            )}
          />
          {missingControl}
          <FieldMessages id={id} error={error} description={field.description} />
        </div>
      );
    case "array":
      return (
        <div onKeyDown={onKeyDown}>
          <ArrayFieldInput
            field={field}
            path={path}
            label={label}
            disabled={disabled}
            error={error}
            booleanLabels={booleanLabels}
            after={missingControl}
          />
        </div>
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
      // Disabled by the field's state only: a code's own "Clear code" button lives inside.
      <fieldset
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={props.disabled}
        onKeyDown={onKeyDown}
      >
        <legend
          id={`${id}-label`}
          className="mb-1 text-sm font-medium [overflow-wrap:anywhere] text-slate-700"
        >
          {label}
        </legend>
        {control_}
        {missingControl}
        <FieldMessages id={id} error={error} description={field.description} />
      </fieldset>
    );
  }
  return (
    <div onKeyDown={onKeyDown}>
      {/* A study's label may hold a long word (an identifier used as a label): it breaks rather
          than widen the form past a phone's screen. */}
      <label
        id={`${id}-label`}
        htmlFor={id}
        className="mb-1 block text-sm font-medium [overflow-wrap:anywhere] text-slate-700"
      >
        {label}
      </label>
      {control_}
      {missingControl}
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
