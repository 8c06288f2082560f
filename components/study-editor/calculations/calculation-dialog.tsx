"use client";

import { useId, useMemo, useState } from "react";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog, SaveCancelFooter } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Calculation, CalculationFormula, DataField, VisitType } from "@/lib/schemas/study-config";
import {
  calculationNameFromLabel,
  emptyFormula,
  followsLabel,
  FORMULA_TYPES,
  numberFields,
  tryCalculation,
  validateCalculation,
  type CalculationErrors,
  type FormulaType,
} from "@/lib/study-editor/calculations";
import { FormulaFields } from "./formula-fields";
import { TryItPanel } from "./try-it-panel";

/**
 * Add or edit one calculation, mounted fresh for each opening. Save checks the name and the
 * formula with the config's own messages and runs the formula on the sample values of the "try it"
 * panel: an expression over the engine's time budget is refused there.
 */
export function CalculationDialog({
  editing,
  calculations,
  dataFields,
  visitTypes,
  onSave,
  onClose,
}: {
  editing: Calculation | null;
  calculations: readonly Calculation[];
  dataFields: readonly DataField[];
  visitTypes: readonly VisitType[];
  onSave: (calculation: Calculation) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Calculation>(
    () => editing ?? { name: "", label: "", description: "", formula: emptyFormula("sum") },
  );
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [baselineSamples, setBaselineSamples] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<CalculationErrors>({});
  const others = useMemo(() => calculations.filter((c) => c.name !== editing?.name), [calculations, editing]);
  const numbers = useMemo(() => numberFields(dataFields), [dataFields]);

  function setLabel(label: string) {
    setDraft((d) => ({ ...d, label, name: followsLabel(d.name) ? calculationNameFromLabel(label) : d.name }));
  }
  const setFormula = (formula: CalculationFormula) => {
    setDraft((d) => ({ ...d, formula }));
    // A refusal of the last Save is about the formula it saw, not this one.
    setErrors(({ expression: _e, formula: _f, ...rest }) => rest);
  };

  function save() {
    const trial = tryCalculation(draft, others, samples, baselineSamples);
    const fieldNames = new Set(dataFields.map((f) => f.name));
    const found = validateCalculation(draft, others, fieldNames, trial);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { description, ...rest } = draft;
    onSave(description?.trim() ? { ...rest, description: description.trim() } : rest);
  }

  const a11y = (key: keyof CalculationErrors) => invalidProps(`${id}-${key}`, errors[key]);
  const message = (key: keyof CalculationErrors) => <FieldError id={`${id}-${key}`} error={errors[key]} />;

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? "Edit Calculation" : "Add Calculation"}
      className="max-w-2xl"
      footer={<SaveCancelFooter onSave={save} onCancel={onClose} />}
    >
      <div className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-label`}>Label *</Label>
            <Input
              id={`${id}-label`}
              value={draft.label}
              onChange={(e) => setLabel(e.target.value)}
              {...a11y("label")}
            />
            {message("label")}
          </div>
          <div>
            <Label htmlFor={`${id}-name`}>Name *</Label>
            <Input
              id={`${id}-name`}
              value={draft.name}
              maxLength={50}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              {...a11y("name")}
            />
            {message("name")}
          </div>
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Input
            id={`${id}-description`}
            value={draft.description ?? ""}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-type`}>Formula type</Label>
          <select
            id={`${id}-type`}
            className={CONTROL_CLASS}
            value={draft.formula.type}
            onChange={(e) => setFormula(emptyFormula(e.target.value as FormulaType))}
          >
            {FORMULA_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <FormulaFields
          formula={draft.formula}
          onChange={setFormula}
          numberFields={numbers}
          visitTypes={visitTypes}
          expressionError={errors.expression}
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
