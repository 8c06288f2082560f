"use client";

import { useId, useState } from "react";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog, SaveCancelFooter } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { THERAPY_SWITCH_FIELD_TYPES, type TherapySwitchField } from "@/lib/schemas/study-config";
import {
  conditionTargets,
  emptySwitchFieldDraft,
  switchFieldToDraft,
  validateSwitchField,
  type SwitchFieldDraft,
  type SwitchFieldErrors,
} from "@/lib/study-editor/therapy-switch";

/** Add or edit one switch field; its name cannot change once created (spec §5). */
export function SwitchFieldDialog({
  editing,
  fields,
  onSave,
  onClose,
}: {
  editing: TherapySwitchField | null;
  fields: readonly TherapySwitchField[];
  onSave: (field: TherapySwitchField) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<SwitchFieldDraft>(() =>
    editing ? switchFieldToDraft(editing) : emptySwitchFieldDraft(),
  );
  const [errors, setErrors] = useState<SwitchFieldErrors>({});
  const set = <K extends keyof SwitchFieldDraft>(key: K, value: SwitchFieldDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const targets = conditionTargets(fields, editing?.name ?? draft.name.trim());
  const target = targets.find((f) => f.name === draft.conditionalField);

  function save() {
    const result = validateSwitchField(draft, fields, editing?.name ?? null);
    if (!result.ok) return setErrors(result.errors);
    onSave(result.value);
  }
  const message = (key: keyof SwitchFieldErrors) => <FieldError id={`${id}-${key}`} error={errors[key]} />;
  const invalid = (key: keyof SwitchFieldErrors) => invalidProps(`${id}-${key}`, errors[key]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? "Modifica campo" : "Aggiungi campo"}
      footer={<SaveCancelFooter onSave={save} onCancel={onClose} />}
    >
      <div className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-name`}>Nome *</Label>
            <Input
              id={`${id}-name`}
              value={draft.name}
              disabled={editing !== null}
              onChange={(e) => set("name", e.target.value)}
              {...invalid("name")}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-label`}>Label *</Label>
            <Input id={`${id}-label`} value={draft.label} onChange={(e) => set("label", e.target.value)} />
          </div>
        </div>
        {message("name")}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-type`}>Tipo</Label>
            <select
              id={`${id}-type`}
              className={CONTROL_CLASS}
              value={draft.type}
              onChange={(e) => set("type", e.target.value as SwitchFieldDraft["type"])}
            >
              {THERAPY_SWITCH_FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor={`${id}-placeholder`}>Placeholder</Label>
            <Input
              id={`${id}-placeholder`}
              value={draft.placeholder}
              onChange={(e) => set("placeholder", e.target.value)}
            />
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.required}
            onChange={(e) => set("required", e.target.checked)}
          />
          Obbligatorio
        </label>
        {draft.type === "select" && (
          <div>
            <Label htmlFor={`${id}-options`}>Opzioni (una per riga, valore|etichetta)</Label>
            <textarea
              id={`${id}-options`}
              rows={4}
              className={CONTROL_CLASS}
              value={draft.optionsText}
              onChange={(e) => set("optionsText", e.target.value)}
              {...invalid("options")}
            />
            {message("options")}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-cond-field`}>Condizionale su</Label>
            <select
              id={`${id}-cond-field`}
              className={CONTROL_CLASS}
              value={draft.conditionalField}
              onChange={(e) =>
                setDraft((d) => ({ ...d, conditionalField: e.target.value, conditionalValue: "" }))
              }
              {...invalid("conditional")}
            >
              <option value="">Nessuna condizione</option>
              {targets.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          {target && (
            <div>
              <Label htmlFor={`${id}-cond-value`}>Valore</Label>
              <select
                id={`${id}-cond-value`}
                className={CONTROL_CLASS}
                value={draft.conditionalValue}
                onChange={(e) => set("conditionalValue", e.target.value)}
              >
                <option value="">Seleziona...</option>
                {(target.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {message("conditional")}
      </div>
    </Dialog>
  );
}
