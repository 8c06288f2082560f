"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { NumberInput } from "@/components/forms/number-input";
import { typedMeasure, type TypedMeasure } from "@/components/patients/patient-draft";
import { z } from "zod";
import { SI_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { useStudyMissingCodes } from "@/components/forms/missing-code-control";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { applyServerErrors, bodyIssues } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { useUpdatePatient } from "@/lib/client/patient-detail";
import { fieldsForEntity } from "@/lib/forms";
import { PatientUpdateBody, type PatientResponse } from "@/lib/schemas/patients";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { errorText } from "./format";
import { ReasonedSaveStep } from "./reasoned-save-step";
import { saveRefusal, type SaveRefusal } from "./save-outcome";

type Props = {
  open: boolean;
  patient: PatientResponse;
  config: StudyConfig;
  onClose: () => void;
  onSaved: (message: string) => void;
  onReload: () => void;
};

export function EditPatientDialog(props: Props) {
  const t = useTranslations("patients.edit");
  return (
    <Dialog open={props.open} onClose={props.onClose} title={t("title")} className="max-w-3xl">
      <EditPatientSteps {...props} />
    </Dialog>
  );
}

/** Height and weight as the capture forms' NumberInput holds them, typed in the reader's language. */
type Core = {
  code: string;
  birth_date: string;
  sex: "M" | "F";
  height_cm: TypedMeasure;
  weight_kg: TypedMeasure;
};
const CORE_FIELDS = ["code", "birth_date", "sex", "height_cm", "weight_kg"] as const;

/**
 * The fixed fields' part of the API's update body, with code, birth date and sex asked for (they are
 * shown filled, so an emptied one is an error, not "unchanged"): the rules and words of
 * `PatientUpdateBody` (docs/decisions/0020).
 */
const fixed = PatientUpdateBody.shape;
const CoreBody = z.object({
  code: fixed.code.unwrap(),
  birth_date: fixed.birth_date.unwrap(),
  sex: fixed.sex.unwrap(),
  height_cm: fixed.height_cm,
  weight_kg: fixed.weight_kg,
});
type CoreBody = z.infer<typeof CoreBody>;

/** An empty measure clears it; an empty date is a missing one. */
const measure = (value: TypedMeasure) => typedMeasure(value) ?? null;
const toCoreBody = (core: Core) => ({
  code: core.code,
  birth_date: core.birth_date || undefined,
  sex: core.sex,
  height_cm: measure(core.height_cm),
  weight_kg: measure(core.weight_kg),
});

function EditPatientSteps({ patient, config, onClose, onSaved, onReload }: Props) {
  const missingCodes = useStudyMissingCodes(config);
  const t = useTranslations("patients.edit");
  const words = useWords();
  const update = useUpdatePatient(patient.id);
  const methods = useForm<Core, unknown, CoreBody>({
    defaultValues: {
      code: patient.code,
      birth_date: patient.birth_date,
      sex: patient.sex,
      height_cm: patient.height_cm ?? undefined,
      weight_kg: patient.weight_kg ?? undefined,
    },
    resolver: schemaResolver<Core, CoreBody>(CoreBody, toCoreBody),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = methods;
  // Kept across the steps: a refusal about the fixed fields goes back to them with the answers kept.
  const [checked, setChecked] = useState<{
    core: CoreBody;
    custom: FormValues;
    missing: Record<string, string | null>;
  } | null>(null);
  const [step, setStep] = useState<"fields" | "reason">("fields");
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const [fieldsFailure, setFieldsFailure] = useState<string | null>(null);

  async function save(reason: string) {
    if (!checked) return;
    setRefusal(null);
    const body: PatientUpdateBody = {
      version: patient.version,
      reason,
      ...checked.core,
      custom_fields: checked.custom,
      missing: checked.missing,
    };
    try {
      await update.mutateAsync(body);
      onSaved(t("updated"));
      onClose();
    } catch (error) {
      if (bodyIssues(error).some((issue) => (CORE_FIELDS as readonly string[]).includes(issue.path))) {
        // The server refused a fixed field: show it under that field.
        setStep("fields");
        setFieldsFailure(applyServerErrors(error, setError, CORE_FIELDS, errorText(error)));
      } else setRefusal(saveRefusal(error));
    }
  }

  if (step === "reason")
    return (
      <ReasonedSaveStep
        pending={update.isPending}
        refusal={refusal}
        onConfirm={save}
        onReload={onReload}
        onClose={onClose}
      />
    );

  const control = (name: keyof Core, id: string) => ({
    id,
    ...register(name),
    ...invalidProps(id, errors[name]?.message),
  });
  const problem = (name: keyof Core) => {
    const message = errors[name]?.message;
    return message && words(message);
  };

  return (
    // Any submit shows the fixed fields' messages too, even when the study's fields refuse first.
    <div className="space-y-4" onSubmitCapture={() => void handleSubmit(() => undefined)()}>
      {fieldsFailure && (
        <Alert>
          <p>{words(fieldsFailure)}</p>
        </Alert>
      )}
      <FormProvider {...methods}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="edit-patient-code">{t("code")} *</Label>
            <input {...control("code", "edit-patient-code")} className={CONTROL_CLASS} />
            <FieldError id="edit-patient-code" error={problem("code")} />
          </div>
          <div>
            <Label htmlFor="edit-patient-birth">{t("birthDate")} *</Label>
            <input {...control("birth_date", "edit-patient-birth")} type="date" className={CONTROL_CLASS} />
            <FieldError id="edit-patient-birth" error={problem("birth_date")} />
          </div>
          <div>
            <Label htmlFor="edit-patient-sex">{t("sex")} *</Label>
            <select {...control("sex", "edit-patient-sex")} className={CONTROL_CLASS}>
              <option value="M">{t("male")}</option>
              <option value="F">{t("female")}</option>
            </select>
            <FieldError id="edit-patient-sex" error={problem("sex")} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <Label htmlFor="edit-patient-height">{t("height")}</Label>
              <NumberInput
                path="height_cm"
                id="edit-patient-height"
                {...invalidProps("edit-patient-height", errors.height_cm?.message)}
                className={CONTROL_CLASS}
              />
              <FieldError id="edit-patient-height" error={problem("height_cm")} />
            </div>
            <div>
              <Label htmlFor="edit-patient-weight">{t("weight")}</Label>
              <NumberInput
                path="weight_kg"
                id="edit-patient-weight"
                {...invalidProps("edit-patient-weight", errors.weight_kg?.message)}
                className={CONTROL_CLASS}
              />
              <FieldError id="edit-patient-weight" error={problem("weight_kg")} />
            </div>
          </div>
        </div>
      </FormProvider>
      <DynamicForm
        fields={fieldsForEntity(config.data_fields, "patient")}
        categories={config.categories}
        entity="patient"
        defaultOpenCategory="demographic"
        booleanLabels={SI_NO}
        defaultValues={checked?.custom ?? patient.custom_fields}
        missingCodes={missingCodes}
        defaultMissing={checked?.missing ?? patient.missing}
        storedMissing={patient.missing}
        onSubmit={(custom, missing) =>
          handleSubmit((core) => {
            setFieldsFailure(null);
            setChecked({ core, custom, missing });
            setStep("reason");
          })()
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit">{t("continue")}</Button>
        </div>
      </DynamicForm>
    </div>
  );
}
