"use client";

import { useId, useMemo, useState, type ReactNode } from "react";
import { SI_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useCreatePatient } from "@/lib/client/patients";
import { fieldsForEntity } from "@/lib/forms";
import type { StudyConfig } from "@/lib/schemas/study-config";
import {
  BASE_LABELS,
  checkDraft,
  EMPTY_DRAFT,
  NAIVE_FLAGS,
  serverErrors,
  type BaseKey,
  type PatientDraft,
  type ServerErrors,
} from "./patient-draft";
import { FieldError } from "@/components/ui/field-error";

export type AddPatientDialogProps = {
  studyId: number;
  config: Pick<StudyConfig, "data_fields" | "categories">;
  onClose: () => void;
  /** Called after a successful create; the parent closes (and so resets) the dialog. */
  onCreated: () => void;
};

const NO_SERVER_ERRORS: ServerErrors = { base: {}, custom: {} };

/**
 * Add patient (spec §2 Patients list, §5): the fixed fields, then the study's patient fields by
 * category through the form engine (demographic open first, booleans SI/NO). Mount it per opening:
 * closing unmounts it, so the next opening starts empty.
 */
export function AddPatientDialog({ studyId, config, onClose, onCreated }: AddPatientDialogProps) {
  const id = useId();
  const formId = `${id}-form`;
  const fields = useMemo(() => fieldsForEntity(config.data_fields, "patient"), [config.data_fields]);
  const naiveInForm = useMemo(
    () => new Set<string>(NAIVE_FLAGS.filter((flag) => fields.some((f) => f.name === flag))),
    [fields],
  );
  const [draft, setDraft] = useState<PatientDraft>(EMPTY_DRAFT);
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePatient(studyId);

  const checked = checkDraft(draft, naiveInForm);
  const errors = { ...(attempted && !checked.ok ? checked.errors : {}), ...server.base };
  const controlId = (key: BaseKey) => `${id}-${key}`;

  function set<K extends keyof PatientDraft>(key: K, value: PatientDraft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    // A server message is about the value that was sent: editing the field retires it.
    if (server.base[key]) setServer((s) => ({ ...s, base: { ...s.base, [key]: undefined } }));
  }

  async function submit(customFields: FormValues) {
    if (!checked.ok) {
      const first = (Object.keys(BASE_LABELS) as BaseKey[]).find((key) => checked.errors[key]);
      if (first) document.getElementById(controlId(first))?.focus();
      return;
    }
    setFailure(null);
    setServer(NO_SERVER_ERRORS);
    try {
      await create.mutateAsync({ ...checked.body, custom_fields: customFields });
      onCreated();
    } catch (error) {
      setServer(serverErrors(error));
      setFailure(`Error creating patient: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const customErrors = Object.entries(server.custom);
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Aggiungi Paziente"
      className="my-auto max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? "Salvataggio..." : "Salva Paziente"}
          </Button>
        </>
      }
    >
      {/* Any submit (the button, or Enter in a field) shows the fixed fields' messages too. */}
      <div className="space-y-5" onSubmitCapture={() => setAttempted(true)}>
        {failure && (
          <Alert>
            <p>{failure}</p>
            {customErrors.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {customErrors.map(([name, message]) => (
                  <li key={name}>
                    {labelOf(name)}: {message}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Row id={controlId("code")} label={BASE_LABELS.code} required error={errors.code}>
            {(a11y) => (
              <Input
                {...a11y}
                form={formId}
                value={draft.code}
                onChange={(e) => set("code", e.target.value)}
                autoComplete="off"
                maxLength={50}
              />
            )}
          </Row>
          <Row id={controlId("birth_date")} label={BASE_LABELS.birth_date} required error={errors.birth_date}>
            {(a11y) => (
              <Input
                {...a11y}
                form={formId}
                type="date"
                value={draft.birth_date}
                onChange={(e) => set("birth_date", e.target.value)}
              />
            )}
          </Row>
          <Row id={controlId("sex")} label={BASE_LABELS.sex} required error={errors.sex}>
            {(a11y) => (
              <select
                {...a11y}
                form={formId}
                className={CONTROL_CLASS}
                value={draft.sex}
                onChange={(e) => set("sex", e.target.value as PatientDraft["sex"])}
              >
                <option value="">Seleziona...</option>
                <option value="M">M</option>
                <option value="F">F</option>
              </select>
            )}
          </Row>
          <div className="hidden sm:block" />
          {(["height_cm", "weight_kg"] as const).map((key) => (
            <Row key={key} id={controlId(key)} label={BASE_LABELS[key]} error={errors[key]}>
              {(a11y) => (
                <Input
                  {...a11y}
                  form={formId}
                  type="number"
                  step="0.1"
                  min="0"
                  inputMode="decimal"
                  value={draft[key]}
                  onChange={(e) => set(key, e.target.value)}
                />
              )}
            </Row>
          ))}
          {NAIVE_FLAGS.filter((flag) => !naiveInForm.has(flag)).map((flag) => (
            <fieldset key={flag}>
              <legend className="mb-1 block text-sm font-medium text-slate-700">{BASE_LABELS[flag]}</legend>
              <div className="flex gap-4">
                {([true, false] as const).map((choice) => (
                  <label key={String(choice)} className="inline-flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      form={formId}
                      name={`${id}-${flag}`}
                      checked={draft[flag] === choice}
                      onChange={() => set(flag, choice)}
                    />
                    {choice ? SI_NO.yes : SI_NO.no}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        {fields.length === 0 && (
          <p className="text-sm text-slate-600">No patient fields configured for this study.</p>
        )}
        <DynamicForm
          fields={fields}
          categories={config.categories}
          entity="patient"
          defaultOpenCategory="demographic"
          booleanLabels={SI_NO}
          formId={formId}
          onSubmit={submit}
        />
      </div>
    </Dialog>
  );
}

type A11y = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
};

function Row({
  id,
  label,
  required = false,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: (a11y: A11y) => ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children({
        id,
        ...(error && { "aria-invalid": true as const, "aria-describedby": `${id}-error` }),
        ...(required && { "aria-required": true as const }),
      })}
      <FieldError id={id} error={error} />
    </div>
  );
}
