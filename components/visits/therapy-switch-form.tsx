"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Label } from "@/components/ui/label";
import { isSwitchFieldActive, validateTherapySwitch, type TherapySwitchValue } from "@/lib/forms";
import type { TherapySwitchConfig, TherapySwitchField } from "@/lib/schemas/study-config";
import { FieldError } from "@/components/ui/field-error";

/**
 * The therapy-switch form (spec §5): the study's switch fields, conditional ones only while their
 * condition holds, checked by the same engine the server runs ('{label} è obbligatorio' in the
 * spec's Italian, '{label} is required' in English; docs/decisions/0021).
 */
export function TherapySwitchForm({
  config,
  onSubmit,
  onCancel,
}: {
  config: TherapySwitchConfig;
  onSubmit: (value: TherapySwitchValue) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("visits.switch");
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateTherapySwitch(config, { ...values, is_continuing_therapy: false });
    setErrors(result.errors);
    if (result.ok && result.value) onSubmit(result.value);
    else {
      const first = Object.keys(result.errors)[0];
      if (first) document.getElementById(fieldId(first))?.focus();
    }
  }

  const active = config.switch_fields.filter((f) => isSwitchFieldActive(f, values));
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("title")}>
      <h3 className="text-base font-semibold">{t("title")}</h3>
      {active.map((field) => (
        <SwitchInput
          key={field.name}
          field={field}
          id={fieldId(field.name)}
          value={values[field.name] ?? ""}
          error={errors[field.name]}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit">{t("continue")}</Button>
      </div>
    </form>
  );
}

function SwitchInput({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: TherapySwitchField;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useTranslations("visits.switch");
  const words = useWords();
  const common = {
    id,
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    "aria-required": field.required ? true : undefined,
    className: CONTROL_CLASS,
  };
  return (
    <div>
      <Label htmlFor={id}>
        {field.label}
        {field.required && " *"}
      </Label>
      {field.type === "select" ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.placeholder ?? t("select")}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" ? (
        <textarea
          {...common}
          rows={3}
          placeholder={field.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          type={field.type === "date" ? "date" : "text"}
          placeholder={field.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <FieldError id={id} error={error && words(error)} />
    </div>
  );
}
