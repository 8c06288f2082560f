"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { useStudyWords } from "@/components/study-text/content-language";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CalculationFormula, DataFieldDocument, VisitTypeDocument } from "@/lib/schemas/study-config";
import { THRESHOLD_OPERATORS } from "@/lib/study-editor/calculations";

/** What a custom expression looks like (code, the same in every language). */
const EXPRESSION_EXAMPLE = "round(data['pasi_score'] / 72 * 100, 1)";

/** A picker of number fields; a value that is not one (e.g. another calculation) stays offered. */
function FieldPicker({
  id,
  label,
  value,
  fields,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  fields: readonly DataFieldDocument[];
  onChange: (value: string) => void;
}) {
  const t = useTranslations("editorCalculations");
  const words = useStudyWords();
  const known = fields.some((f) => f.name === value);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={CONTROL_CLASS} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t("chooseNumberField")}</option>
        {value && !known && <option value={value}>{value}</option>}
        {fields.map((f) => (
          <option key={`${f.entity}:${f.name}`} value={f.name}>
            {words(f.label)} ({f.name})
          </option>
        ))}
      </select>
    </div>
  );
}

/** The inputs of one formula type (spec §3, Calculation). */
export function FormulaFields({
  formula,
  onChange,
  numberFields,
  visitTypes,
  expressionError,
  expressionErrorId,
}: {
  formula: CalculationFormula;
  onChange: (formula: CalculationFormula) => void;
  numberFields: readonly DataFieldDocument[];
  visitTypes: readonly VisitTypeDocument[];
  expressionError?: string;
  expressionErrorId: string;
}) {
  const id = useId();
  const t = useTranslations("editorCalculations");
  const words = useStudyWords();
  switch (formula.type) {
    case "improvement_percentage":
      return (
        <div className="grid gap-4 sm:grid-cols-3">
          <FieldPicker
            id={`${id}-baseline-field`}
            label={t("baselineField")}
            value={formula.baseline_field}
            fields={numberFields}
            onChange={(baseline_field) => onChange({ ...formula, baseline_field })}
          />
          <div>
            <Label htmlFor={`${id}-baseline-visit`}>{t("baselineVisit")}</Label>
            <select
              id={`${id}-baseline-visit`}
              className={CONTROL_CLASS}
              value={formula.baseline_visit}
              onChange={(e) => onChange({ ...formula, baseline_visit: e.target.value })}
            >
              {!visitTypes.some((v) => v.code === formula.baseline_visit) && (
                <option value={formula.baseline_visit}>{formula.baseline_visit}</option>
              )}
              {visitTypes.map((v) => (
                <option key={v.code} value={v.code}>
                  {words(v.label)}
                </option>
              ))}
            </select>
          </div>
          <FieldPicker
            id={`${id}-current-field`}
            label={t("currentField")}
            value={formula.current_field}
            fields={numberFields}
            onChange={(current_field) => onChange({ ...formula, current_field })}
          />
        </div>
      );
    case "threshold":
      return (
        <div className="grid gap-4 sm:grid-cols-3">
          <FieldPicker
            id={`${id}-field`}
            label={t("field")}
            value={formula.field}
            fields={numberFields}
            onChange={(field) => onChange({ ...formula, field })}
          />
          <div>
            <Label htmlFor={`${id}-operator`}>{t("operator")}</Label>
            <select
              id={`${id}-operator`}
              className={CONTROL_CLASS}
              value={formula.operator}
              onChange={(e) => onChange({ ...formula, operator: e.target.value as typeof formula.operator })}
            >
              {THRESHOLD_OPERATORS.map((op) => (
                <option key={op} value={op}>
                  {t(`operators.${op}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor={`${id}-threshold`}>{t("threshold")}</Label>
            <Input
              id={`${id}-threshold`}
              type="number"
              step={0.1}
              value={Number.isFinite(formula.threshold) ? formula.threshold : ""}
              onChange={(e) => onChange({ ...formula, threshold: e.target.valueAsNumber })}
            />
          </div>
        </div>
      );
    case "sum":
    case "average":
      return (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {formula.type === "sum" ? t("fieldsToSum") : t("fieldsToAverage")}
          </legend>
          {numberFields.length === 0 && <p className="text-sm text-slate-500">{t("noNumberFields")}</p>}
          <div className="grid gap-1 sm:grid-cols-2">
            {numberFields.map((f) => (
              <label key={`${f.entity}:${f.name}`} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={formula.fields.includes(f.name)}
                  onChange={(e) =>
                    onChange({
                      ...formula,
                      fields: e.target.checked
                        ? [...formula.fields, f.name]
                        : formula.fields.filter((name) => name !== f.name),
                    })
                  }
                />
                {words(f.label)} ({f.name})
              </label>
            ))}
          </div>
        </fieldset>
      );
    case "custom_expression":
      return (
        <div>
          <Label htmlFor={`${id}-expression`}>{t("expression")}</Label>
          <textarea
            id={`${id}-expression`}
            rows={3}
            spellCheck={false}
            className={`${CONTROL_CLASS} font-mono`}
            placeholder={EXPRESSION_EXAMPLE}
            value={formula.expression}
            onChange={(e) => onChange({ ...formula, expression: e.target.value })}
            {...(expressionError
              ? { "aria-invalid": true as const, "aria-describedby": expressionErrorId }
              : {})}
          />
        </div>
      );
  }
}
