"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useStudyWords } from "@/components/study-text/content-language";
import { StudyTextView } from "@/components/study-text/study-text-view";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/lib/i18n/locales";
import { configIn } from "@/lib/i18n/study-config-language";
import {
  STUDY_CONFIG_VERSION,
  type CalculationDocument,
  type DataFieldDocument,
  type VisitTypeDocument,
} from "@/lib/schemas/study-config";
import {
  formulaSentence,
  type CalculationContext,
  type SaySentence,
} from "@/lib/study-editor/calculation-sentence";
import { CalculationDialog } from "./calculation-dialog";
import { useEditorReadOnly } from "../editor-read-only";

type DialogState = { editing: CalculationDocument | null } | null;

/**
 * What the sentences name, in the reader's language (decision 0022): the calculation sentence reads
 * a one-language configuration, so the edited lists are put into words first.
 */
function sentenceContext(
  dataFields: DataFieldDocument[],
  calculations: CalculationDocument[],
  visitTypes: VisitTypeDocument[],
  locale: Locale,
): CalculationContext {
  const config = configIn(
    {
      version: STUDY_CONFIG_VERSION,
      visit_types: visitTypes,
      categories: [],
      data_fields: dataFields,
      calculations,
      dashboard_kpis: [],
      ui_settings: {},
      therapy_switch_config: { enabled: false, prompt_message: "", switch_fields: [] },
    },
    locale,
  );
  return {
    dataFields: config.data_fields,
    calculations: config.calculations,
    visitTypes: config.visit_types,
  };
}

/**
 * The Calculations tab (spec §2, §3, §5): the study's auto-calculated values, with add, edit and
 * delete after a confirmation. Controlled: changes go out through `onChange`; Save Study saves them.
 */
export function CalculationsEditor({
  calculations,
  dataFields,
  visitTypes,
  onChange,
}: {
  calculations: CalculationDocument[];
  dataFields: DataFieldDocument[];
  visitTypes: VisitTypeDocument[];
  onChange: (next: CalculationDocument[]) => void;
}) {
  const t = useTranslations("editorCalculations");
  const tc = useTranslations("common.actions");
  const readOnly = useEditorReadOnly();
  const locale = useLocale() as Locale;
  const words = useStudyWords();
  const [dialog, setDialog] = useState<DialogState>(null);
  const context = useMemo(
    () => sentenceContext(dataFields, calculations, visitTypes, locale),
    [dataFields, calculations, visitTypes, locale],
  );

  function save(calculation: CalculationDocument) {
    const editing = dialog?.editing;
    onChange(
      editing
        ? calculations.map((c) => (c.name === editing.name ? calculation : c))
        : [...calculations, calculation],
    );
    setDialog(null);
  }

  function remove(calculation: CalculationDocument) {
    if (!window.confirm(t("deleteConfirm", { label: words(calculation.label) }))) return;
    onChange(calculations.filter((c) => c.name !== calculation.name));
  }

  return (
    <section aria-labelledby="calculations-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="calculations-heading" className="text-lg font-semibold text-slate-900">
            {t("heading")}
          </h2>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        {!readOnly && <Button onClick={() => setDialog({ editing: null })}>{t("add")}</Button>}
      </div>
      {calculations.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          {t("empty")}
        </p>
      ) : (
        <ul className="space-y-2">
          {calculations.map((calculation) => (
            <li
              key={calculation.name}
              aria-label={words(calculation.label)}
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  <StudyTextView text={calculation.label} />{" "}
                  <span className="font-mono text-xs text-slate-500">{calculation.name}</span>
                </p>
                <p className="text-xs text-slate-600">{t(`types.${calculation.formula.type}`)}</p>
                <CalculationSummary calculation={calculation} context={context} />
              </div>
              {!readOnly && (
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => setDialog({ editing: calculation })}>
                    {tc("edit")}
                  </Button>
                  <Button variant="destructive" onClick={() => remove(calculation)}>
                    {tc("delete")}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog && (
        <CalculationDialog
          editing={dialog.editing}
          calculations={calculations}
          dataFields={dataFields}
          visitTypes={visitTypes}
          onSave={save}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

/** The formula in words; a custom expression, which has none, as the Python it is. */
function CalculationSummary({
  calculation,
  context,
}: {
  calculation: CalculationDocument;
  context: CalculationContext;
}) {
  const t = useTranslations("editorCalculations");
  const say: SaySentence = (key, values) => t(`sentence.${key}`, values);
  // The formula names no study text: the document's is the one-language configuration's.
  const sentence = formulaSentence(calculation.formula, context, say);
  return sentence === null ? (
    <p className="font-mono text-xs text-slate-700 break-words" data-testid="calculation-summary">
      {calculation.formula.type === "custom_expression" && calculation.formula.expression}
    </p>
  ) : (
    <p className="text-sm text-slate-700 break-words" data-testid="calculation-summary">
      {sentence}
    </p>
  );
}
