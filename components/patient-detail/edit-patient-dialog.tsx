"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { NumberInput } from "@/components/forms/number-input";
import { typedMeasure, type TypedMeasure } from "@/components/patients/patient-draft";
import { z } from "zod";
import { SI_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { TypedDateField } from "@/components/forms/typed-date-input";
import { DraftOffer, useCloseGuard } from "@/components/entry/close-guard";
import { isRecord, useDialogDraft } from "@/components/entry/use-dialog-draft";
import { discardDraft } from "@/lib/client/draft-storage";
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
import {
  browserToday,
  onlyWarnings,
  PlausibilityWarnings,
} from "@/components/plausibility/plausibility-warnings";
import { patientPlausibility } from "@/lib/forms/plausibility";
import { messageList } from "@/lib/i18n/message-ref";

type Props = {
  open: boolean;
  patient: PatientResponse;
  config: StudyConfig;
  onClose: () => void;
  onSaved: (message: string) => void;
  onReload: () => void;
  /** The data query this edit answers, sent as query_id (decision 0030). */
  queryId?: number | null;
};

/** A draft belongs to the patient as it was when editing began (its version). */
const draftKeyOf = (patient: PatientResponse) => `patient-edit:${patient.id}:${patient.version}`;

/**
 * Edit a patient: the fields, then the reason; sent with the version it was based on. Closing with
 * changes asks first; the unsaved edit is kept as a draft (docs/decisions/0027).
 */
export function EditPatientDialog(props: Props) {
  const t = useTranslations("patients.edit");
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    props.onClose();
  };
  const guard = useCloseGuard(dirty, close, () => discardDraft(draftKeyOf(props.patient)));
  return (
    <Dialog open={props.open} onClose={guard.requestClose} title={t("title")} className="max-w-3xl">
      {guard.confirm}
      <EditPatientSteps
        {...props}
        onClose={close}
        requestClose={guard.requestClose}
        onDirtyChange={setDirty}
      />
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

type KeptEdit = { core: Core; custom: FormValues };
const isKeptEdit = (value: unknown): value is KeptEdit =>
  isRecord(value) && isRecord(value.core) && isRecord(value.custom);

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

function EditPatientSteps({
  patient,
  config,
  onClose,
  onSaved,
  onReload,
  queryId,
  requestClose,
  onDirtyChange,
}: Props & { requestClose: () => void; onDirtyChange: (dirty: boolean) => void }) {
  const missingCodes = useStudyMissingCodes(config);
  const t = useTranslations("patients.edit");
  const words = useWords();
  const update = useUpdatePatient(patient.id);
  const reloading = useRef(false);
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
    formState: { errors, isDirty },
  } = methods;
  const [customDirty, setCustomDirty] = useState(false);
  const core = useWatch({ control: methods.control }) as Core;
  const [live, setLive] = useState<FormValues>(patient.custom_fields);
  // A restored draft remounts the study's fields with its values.
  const [restored, setRestored] = useState<{ round: number; values: FormValues | null }>({
    round: 0,
    values: null,
  });
  // Kept across the steps: a refusal about the fixed fields goes back to them with the answers kept.
  const [checked, setChecked] = useState<{
    core: CoreBody;
    custom: FormValues;
    missing: Record<string, string | null>;
  } | null>(null);
  const [step, setStep] = useState<"fields" | "reason">("fields");
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const [fieldsFailure, setFieldsFailure] = useState<string | null>(null);
  const dirty = isDirty || customDirty || checked !== null || restored.round > 0;
  useEffect(() => onDirtyChange(dirty), [onDirtyChange, dirty]);
  const kept = useMemo<KeptEdit>(() => ({ core, custom: live }), [core, live]);
  const draft = useDialogDraft<KeptEdit>(draftKeyOf(patient), dirty, kept, isKeptEdit);

  const [lastReason, setLastReason] = useState("");

  async function save(reason: string, confirmed?: string[]) {
    if (!checked) return;
    setRefusal(null);
    setLastReason(reason);
    const body: PatientUpdateBody = {
      version: patient.version,
      reason,
      ...checked.core,
      custom_fields: checked.custom,
      missing: checked.missing,
      ...(confirmed ? { confirmed_warnings: confirmed } : {}),
      ...(queryId ? { query_id: queryId } : {}),
    };
    try {
      await update.mutateAsync(body);
      draft.clear();
      onSaved(t("updated"));
      onClose();
    } catch (error) {
      // Soft warnings are confirmed on the reason step (decision 0024); other field refusals go back.
      if (onlyWarnings(error)) setRefusal(saveRefusal(error));
      else if (bodyIssues(error).some((issue) => (CORE_FIELDS as readonly string[]).includes(issue.path))) {
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
        onReload={() => {
          // A reload replaces the stale edit: the dialog then closes without asking.
          draft.clear();
          reloading.current = true;
          onReload();
        }}
        onClose={() => (reloading.current ? onClose() : requestClose())}
        warnings={
          <PlausibilityWarnings
            error={refusal?.error}
            pending={update.isPending}
            onConfirm={(codes) => void save(lastReason, codes)}
          />
        }
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
      {draft.offer && (
        <DraftOffer
          onRestore={() => {
            const taken = draft.take();
            if (!taken) return;
            for (const name of CORE_FIELDS) methods.setValue(name, taken.core[name], { shouldDirty: true });
            setRestored((r) => ({ round: r.round + 1, values: taken.custom }));
          }}
          onDiscard={draft.clear}
        />
      )}
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
            <TypedDateField
              path="birth_date"
              kind="date"
              id="edit-patient-birth"
              {...invalidProps("edit-patient-birth", errors.birth_date?.message)}
              className={CONTROL_CLASS}
            />
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
        key={restored.round}
        onValuesChange={setLive}
        fields={fieldsForEntity(config.data_fields, "patient")}
        categories={config.categories}
        entity="patient"
        defaultOpenCategory="demographic"
        booleanLabels={SI_NO}
        defaultValues={checked?.custom ?? restored.values ?? patient.custom_fields}
        onDirtyChange={setCustomDirty}
        missingCodes={missingCodes}
        defaultMissing={checked?.missing ?? patient.missing}
        storedMissing={patient.missing}
        onSubmit={(custom, missing) =>
          handleSubmit((core) => {
            setFieldsFailure(null);
            // The impossible (born in the future, a date before birth) is refused before the reason.
            const { errors: impossible } = patientPlausibility({
              today: browserToday(),
              birthDate: core.birth_date,
              fields: fieldsForEntity(config.data_fields, "patient"),
              customFields: custom,
            });
            const onBirth = impossible.find((issue) => issue.loc[0] === "birth_date");
            if (onBirth)
              setError("birth_date", { type: "plausibility", message: onBirth.msg }, { shouldFocus: true });
            const others = impossible.filter((issue) => issue !== onBirth);
            if (others.length > 0) setFieldsFailure(messageList(others.map((issue) => issue.msg)));
            if (impossible.length > 0) return;
            setChecked({ core, custom, missing });
            setStep("reason");
          })()
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={requestClose}>
            {t("cancel")}
          </Button>
          <Button type="submit">{t("continue")}</Button>
        </div>
      </DynamicForm>
    </div>
  );
}
