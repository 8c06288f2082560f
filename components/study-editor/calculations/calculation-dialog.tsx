"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Controller, useForm, useWatch, type FieldErrors } from "react-hook-form";
import { useContentLanguage } from "@/components/study-text/content-language";
import { StudyTextInput } from "@/components/study-text/study-text-input";
import { StudyTextController } from "@/components/study-text/study-text-controller";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog, SaveCancelFooter } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { isBlankText, wordsIn } from "@/lib/schemas/study-text";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { schemaResolver } from "@/lib/client/schema-resolver";
import type { StudyText } from "@/lib/schemas/study-text";
import type {
  CalculationDocument,
  CalculationFormula,
  DataFieldDocument,
  VisitTypeDocument,
} from "@/lib/schemas/study-config";
import {
  calculationEntrySchema,
  calculationErrorKey,
  calculationNameFromLabel,
  emptyFormula,
  followsLabel,
  FORMULA_TYPES,
  numberFields,
  tryCalculation,
  type CalculationErrors,
  type FormulaType,
} from "@/lib/study-editor/calculations";
import { typedText } from "@/lib/study-editor/study-texts";
import { FormulaFields } from "./formula-fields";
import { TryItPanel } from "./try-it-panel";

/** The messages of a refused Save by the dialog's places (name, label, formula, expression). */
function placed(errors: FieldErrors<CalculationDocument>): CalculationErrors {
  const found: CalculationErrors = {};
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== "object") return;
    const { message, ref: _ref, type: _type, types: _types, ...children } = node as Record<string, unknown>;
    const key = calculationErrorKey(path);
    if (typeof message === "string" && key) found[key] ??= message;
    for (const [child, value] of Object.entries(children)) walk(value, [...path, child]);
  };
  for (const [key, value] of Object.entries(errors)) walk(value, [key]);
  return found;
}

/**
 * Add or edit one calculation, mounted fresh for each opening. Save checks the entry with the
 * config's own rules and messages (`calculationEntrySchema`, docs/decisions/0020) and runs the
 * formula on the sample values of the "try it" panel: an expression over the engine's time budget
 * is refused there.
 */
export function CalculationDialog({
  editing,
  calculations,
  dataFields,
  visitTypes,
  onSave,
  onClose,
}: {
  editing: CalculationDocument | null;
  calculations: readonly CalculationDocument[];
  dataFields: readonly DataFieldDocument[];
  visitTypes: readonly VisitTypeDocument[];
  onSave: (calculation: CalculationDocument) => void;
  onClose: () => void;
}) {
  const id = useId();
  const t = useTranslations("editorCalculations");
  const words = useWords();
  const language = useContentLanguage();
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [baselineSamples, setBaselineSamples] = useState<Record<string, string>>({});
  const others = useMemo(() => calculations.filter((c) => c.name !== editing?.name), [calculations, editing]);
  const numbers = useMemo(() => numberFields(dataFields), [dataFields]);
  const fieldNames = useMemo(() => new Set(dataFields.map((f) => f.name)), [dataFields]);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    clearErrors,
    formState: { errors: formErrors },
  } = useForm<CalculationDocument, unknown, CalculationDocument>({
    defaultValues: editing ?? { name: "", label: "", description: "", formula: emptyFormula("sum") },
    // Rebuilt each render, so the budget check runs on the samples shown.
    resolver: schemaResolver<CalculationDocument, CalculationDocument>(
      calculationEntrySchema(others, fieldNames, (draft) =>
        tryCalculation(draft, others, samples, baselineSamples),
      ),
      // Each language trimmed; a blank description is none (decision 0022).
      ({ label, description, ...rest }) => {
        const entry = { ...rest, label: typedText(label, language) };
        const text = typedText(description, language);
        return isBlankText(text) ? entry : { ...entry, description: text };
      },
    ),
  });
  const draft = useWatch({ control }) as CalculationDocument;
  const errors = placed(formErrors);

  // The name follows the label's words in the study's default language (else the other's): a
  // translation typed in the other language leaves it alone.
  const onLabelChange = (previous: StudyText, next: StudyText) => {
    const words = wordsIn(next, language);
    if (followsLabel(getValues("name")) && words !== wordsIn(previous, language))
      setValue("name", calculationNameFromLabel(words));
  };
  const setFormula = (formula: CalculationFormula) => {
    setValue("formula", formula);
    // A refusal of the last Save is about the formula it saw, not this one.
    clearErrors("formula");
  };
  const save = handleSubmit((calculation) => onSave(calculation));

  const a11y = (key: keyof CalculationErrors) => invalidProps(`${id}-${key}`, errors[key]);
  const message = (key: keyof CalculationErrors) => (
    <FieldError id={`${id}-${key}`} error={errors[key] && words(errors[key])} />
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? t("edit") : t("add")}
      className="max-w-2xl"
      footer={<SaveCancelFooter onSave={() => void save()} onCancel={onClose} />}
    >
      <div className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="label"
            render={({ field }) => (
              <StudyTextInput
                id={`${id}-label`}
                label={t("label")}
                value={field.value}
                onChange={(next) => {
                  onLabelChange(field.value, next);
                  field.onChange(next);
                }}
                onBlur={field.onBlur}
                error={errors.label && words(errors.label)}
              />
            )}
          />
          <div>
            <Label htmlFor={`${id}-name`}>{t("name")}</Label>
            <Input id={`${id}-name`} maxLength={50} {...register("name")} {...a11y("name")} />
            {message("name")}
          </div>
        </div>
        <StudyTextController
          control={control}
          name="description"
          id={`${id}-description`}
          label={t("description")}
        />
        <div>
          <Label htmlFor={`${id}-type`}>{t("formulaType")}</Label>
          <select
            id={`${id}-type`}
            className={CONTROL_CLASS}
            value={draft.formula.type}
            onChange={(e) => setFormula(emptyFormula(e.target.value as FormulaType))}
          >
            {FORMULA_TYPES.map(({ type }) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <FormulaFields
          formula={draft.formula}
          onChange={setFormula}
          numberFields={numbers}
          visitTypes={visitTypes}
          expressionError={errors.expression && words(errors.expression)}
          expressionErrorId={`${id}-expression-error`}
        />
        {message("formula")}
        {message("expression")}
        <TryItPanel
          draft={draft}
          others={others}
          samples={samples}
          baselineSamples={baselineSamples}
          onSamplesChange={setSamples}
          onBaselineSamplesChange={setBaselineSamples}
        />
      </div>
    </Dialog>
  );
}
