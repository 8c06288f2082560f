"use client";

import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useWords } from "@/components/i18n/use-words";
import { runCalculations } from "@/lib/calc";
import { fieldState, groupFieldsByCategory } from "@/lib/forms";
import type { Calculation, Category, DataField, FieldEntity, MissingCode } from "@/lib/schemas/study-config";
import type { BooleanLabels } from "./boolean-labels";
import { CalculatedValues } from "./calculated-values";
import { engineResolver, errorAt, validateForm } from "./engine-resolver";
import { FieldInput } from "./field-input";
import { focusFirstErrorSoon } from "./focus-first-error";
import { MISSING_FORM_KEY, missingToSend, splitMissing } from "./missing-values";

export type FormValues = Record<string, unknown>;

export type DynamicFormProps = {
  fields: DataField[];
  categories: Category[];
  entity: FieldEntity;
  /** The category section open at first (e.g. "demographic" or "efficacy"). */
  defaultOpenCategory?: string;
  booleanLabels: BooleanLabels;
  calculations?: Calculation[];
  /**
   * The baseline visit's values, for improvement_percentage calculations; a function of the live
   * values when the visit being entered may be the baseline itself (lib/calc/baseline.ts).
   */
  baselineValues?: FormValues | null | ((values: FormValues) => FormValues | null);
  /** The baseline visit's missing-data codes (decision 0023). */
  baselineMissing?: Record<string, string> | null;
  defaultValues?: FormValues;
  /**
   * The study's missing-data codes (decision 0023). Given, every field has a control beside it to
   * answer with a code instead of a value; `defaultMissing` are the record's stored codes.
   */
  missingCodes?: readonly MissingCode[];
  defaultMissing?: Record<string, string | null>;
  /** The codes the record has stored (default: `defaultMissing`), cleared with `null` when taken away. */
  storedMissing?: Record<string, string>;
  /**
   * The engine's cleaned values and the `missing` object to send: the codes given, with `null` for
   * each stored code the user took away.
   */
  onSubmit: (values: FormValues, missing: Record<string, string | null>) => void | Promise<void>;
  /** Lets a dialog's own button submit the form (`<button form={formId}>`). */
  formId?: string;
  /** Called with the live values (the editor's debug view, a dialog's kept draft). */
  onValuesChange?: (values: FormValues) => void;
  /** Called when the form gains or loses changes against its defaults (a dialog's close guard). */
  onDirtyChange?: (dirty: boolean) => void;
  /** A refused save's messages by field name: shown under those fields, the first one focused. */
  serverErrors?: Record<string, string>;
  children?: ReactNode;
};

const UNCATEGORIZED = "__uncategorized";

/**
 * Renders any field list from a study's configuration: sections per category, every field type,
 * live show_if / enable_if, and the engine's messages. Validation is the engine's (the same code
 * the server runs), plugged in as react-hook-form's resolver.
 */
export function DynamicForm(props: DynamicFormProps) {
  const { fields, categories, entity, booleanLabels, onSubmit, formId, children } = props;
  const summaryId = `${useId()}-errors`;
  const t = useTranslations("forms.form");
  const words = useWords();
  const { missingCodes, defaultMissing } = props;
  const storedMissing = props.storedMissing ?? splitMissing({ [MISSING_FORM_KEY]: defaultMissing }).missing;
  const codes = useMemo(() => (missingCodes ?? []).map((entry) => entry.code), [missingCodes]);
  const resolver = useMemo(() => engineResolver<FormValues>(fields, codes), [fields, codes]);
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { ...(props.defaultValues ?? {}), [MISSING_FORM_KEY]: { ...(defaultMissing ?? {}) } },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const watched = useWatch({ control: form.control }) as FormValues;
  // The study's fields see values only; a field answered with a code is empty to them.
  const { values, missing } = useMemo(() => splitMissing(watched), [watched]);
  const formRef = useRef<HTMLFormElement>(null);
  const groups = useMemo(
    () => groupFieldsByCategory(fields, categories, entity),
    [fields, categories, entity],
  );
  // The default section, and every section holding a field required now, start open: nothing a
  // save needs hides behind a closed section (docs/decisions/0027).
  const [open, setOpen] = useState<Record<string, boolean>>(() => {
    const initial: Record<string, boolean> = { [props.defaultOpenCategory ?? ""]: true };
    const start = props.defaultValues ?? {};
    for (const group of groups)
      if (group.fields.some((f) => fieldState(f, start).visible && fieldState(f, start).required))
        initial[group.category?.code ?? UNCATEGORIZED] = true;
    return initial;
  });
  const [errorList, setErrorList] = useState<string[]>([]);
  const { calculations, baselineValues } = props;
  const calculated = useMemo(
    () =>
      calculations?.length
        ? runCalculations(calculations, values, {
            baselineValues:
              typeof baselineValues === "function" ? baselineValues(values) : (baselineValues ?? null),
            missing,
            baselineMissing: props.baselineMissing ?? null,
          })
        : null,
    [calculations, baselineValues, props.baselineMissing, values, missing],
  );
  const { onValuesChange, onDirtyChange, serverErrors } = props;
  useEffect(() => onValuesChange?.(values), [onValuesChange, values]);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [onDirtyChange, dirty]);

  // A refused save's messages go under their fields (sections opened), the first one in view.
  useEffect(() => {
    const entries = Object.entries(serverErrors ?? {});
    if (entries.length === 0) return;
    for (const [name, message] of entries) form.setError(name, { type: "server", message });
    openSectionsOf(entries.map(([name]) => name));
    focusFirstErrorSoon(formRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal
  }, [serverErrors]);

  function openSectionsOf(paths: string[]) {
    setOpen((current) => {
      const next = { ...current };
      for (const group of groups) {
        if (group.fields.some((f) => paths.some((p) => p === f.name || p.startsWith(`${f.name}.`))))
          next[group.category?.code ?? UNCATEGORIZED] = true;
      }
      return next;
    });
  }

  function onInvalid() {
    // The same messages, in form order, for the summary; then bring the first one into view.
    const { errors } = validateForm(fields, form.getValues(), codes);
    const paths = Object.keys(errors);
    setErrorList(paths.map((p) => errors[p]!));
    openSectionsOf(paths);
    // The first message in page order (the dialog's own fields above this form count too), not
    // the first in the engine's list (docs/decisions/0027).
    focusFirstErrorSoon(formRef.current);
  }

  async function onValid(cleaned: FormValues) {
    setErrorList([]);
    const split = splitMissing(cleaned);
    await onSubmit(split.values, missingToSend(split.missing, storedMissing));
  }

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        id={formId}
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        noValidate
        className="space-y-4"
      >
        {errorList.length > 0 && (
          <div
            role="alert"
            aria-labelledby={summaryId}
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            <p id={summaryId} className="font-medium">
              {t("fixErrors")}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {errorList.map((message, i) => (
                <li key={i}>{words(message)}</li>
              ))}
            </ul>
          </div>
        )}
        {groups.map((group) => {
          const key = group.category?.code ?? UNCATEGORIZED;
          const visible = group.fields
            .map((field) => ({ field, state: fieldState(field, values) }))
            .filter((f) => f.state.visible);
          if (visible.length === 0) return null;
          return (
            <details
              key={key}
              open={open[key] ?? false}
              onToggle={(e) => {
                const isOpen = (e.currentTarget as HTMLDetailsElement).open;
                setOpen((current) => (current[key] === isOpen ? current : { ...current, [key]: isOpen }));
              }}
              className="rounded-lg border border-slate-200 bg-white"
            >
              <summary className="cursor-pointer select-none px-4 py-3 text-sm font-semibold text-slate-800">
                {group.category?.label ?? t("otherCategory")}
              </summary>
              <div className="grid gap-4 border-t border-slate-100 px-4 py-4">
                {visible.map(({ field, state }) => (
                  <FieldInput
                    key={field.name}
                    field={field}
                    path={field.name}
                    required={state.required}
                    disabled={!state.enabled}
                    error={errorAt(form.formState.errors, field.name)}
                    booleanLabels={booleanLabels}
                    missingCodes={missingCodes}
                  />
                ))}
              </div>
            </details>
          );
        })}
        {calculated && props.calculations && (
          <CalculatedValues
            calculations={props.calculations}
            results={calculated.results}
            errors={calculated.errors}
            booleanLabels={booleanLabels}
          />
        )}
        {children}
      </form>
    </FormProvider>
  );
}
