"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { NumberInput } from "@/components/forms/number-input";
import { SI_NO, useBooleanWords } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { focusFirstErrorSoon } from "@/components/forms/focus-first-error";
import { TypedDateField } from "@/components/forms/typed-date-input";
import { DraftOffer, useCloseGuard } from "@/components/entry/close-guard";
import { isRecord, useDialogDraft } from "@/components/entry/use-dialog-draft";
import { useStudyMissingCodes } from "@/components/forms/missing-code-control";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { ApiClientError } from "@/lib/client/api-fetch";
import { useCreatePatient } from "@/lib/client/patients";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { fieldsForEntity } from "@/lib/forms";
import { messageRef } from "@/lib/i18n/message-ref";
import { PatientCreateBody, type PatientGroups, type PatientResponse } from "@/lib/schemas/patients";
import { patientPlausibility } from "@/lib/forms/plausibility";
import {
  browserToday,
  onlyWarnings,
  PlausibilityWarnings,
} from "@/components/plausibility/plausibility-warnings";
import type { StudyConfig } from "@/lib/schemas/study-config";
import {
  BASE_FIELDS,
  customFieldIssues,
  draftBody,
  EMPTY_DRAFT,
  NAIVE_FLAGS,
  type BaseKey,
  type PatientDraft,
} from "./patient-draft";

export type AddPatientDialogProps = {
  studyId: number;
  config: Pick<StudyConfig, "data_fields" | "categories" | "missing_codes">;
  /** The study's medical groups and the reader's own (docs/decisions/0028); none: no question. */
  groups?: PatientGroups;
  onClose: () => void;
  /**
   * Called after a successful create; the parent closes (and so resets) the dialog. `next` is
   * "baseline" after 'Save and add baseline visit' (docs/decisions/0027): the parent opens the
   * patient's page with the add-visit dialog.
   */
  onCreated: (patient: PatientResponse, next?: "baseline") => void;
};

type KeptPatient = { base: PatientDraft; custom: FormValues };
const isKeptPatient = (value: unknown): value is KeptPatient =>
  isRecord(value) && isRecord(value.base) && isRecord(value.custom);

/**
 * Add patient (spec §2 Patients list, §5): the fixed fields, then the study's patient fields by
 * category through the form engine (demographic open first, booleans SI/NO: Sì/No, Yes/No). The spec's
 * Italian labels are the Italian catalogue's (`patients.add`, docs/decisions/0021). The fixed fields are
 * checked by the API's `PatientCreateBody` (docs/decisions/0020). Mount it per opening: closing
 * unmounts it, so the next opening starts empty.
 */
export function AddPatientDialog({ studyId, config, groups, onClose, onCreated }: AddPatientDialogProps) {
  const id = useId();
  const t = useTranslations("patients.add");
  const tGroup = useTranslations("patientPage.group");
  const tEntry = useTranslations("entry");
  const words = useWords();
  const yesNo = useBooleanWords(SI_NO);
  const tClear = useTranslations("missing.boolean");
  const missingCodes = useStudyMissingCodes(config);
  const formId = `${id}-form`;
  const fields = useMemo(() => fieldsForEntity(config.data_fields, "patient"), [config.data_fields]);
  const naiveInForm = useMemo(
    () => new Set<string>(NAIVE_FLAGS.filter((flag) => fields.some((f) => f.name === flag))),
    [fields],
  );
  // The group is asked when the study has groups, except of a sub-investigator, whose patients join
  // their own group (the server decides it again); required then, in the API's words.
  const askGroup = (groups?.choices.length ?? 0) > 0 && groups?.scope !== "group";
  const schema = useMemo(
    () =>
      askGroup
        ? PatientCreateBody.refine((body) => body.medical_group_id != null, {
            path: ["medical_group_id"],
            message: messageRef("api.patientGroups.groupRequired"),
          })
        : PatientCreateBody,
    [askGroup],
  );
  const methods = useForm<PatientDraft, unknown, PatientCreateBody>({
    defaultValues: EMPTY_DRAFT,
    // Focus goes to the first message in page order, the study's fields included (focusFirstErrorSoon).
    shouldFocusError: false,
    resolver: schemaResolver<PatientDraft, PatientCreateBody>(schema, (draft) =>
      draftBody(draft, studyId, naiveInForm),
    ),
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty },
  } = methods;
  const baseValues = useWatch({ control }) as PatientDraft;
  const [custom, setCustom] = useState<FormValues>({});
  const [customDirty, setCustomDirty] = useState(false);
  const [restored, setRestored] = useState<{ round: number; values: FormValues }>({ round: 0, values: {} });
  const dirty = isDirty || customDirty || restored.round > 0;
  const draftValue = useMemo(() => ({ base: baseValues, custom }), [baseValues, custom]);
  const draft = useDialogDraft<KeptPatient>(`patient-new:${studyId}`, dirty, draftValue, isKeptPatient);
  const guard = useCloseGuard(dirty, onClose, draft.clear);
  const next = useRef<"baseline" | undefined>(undefined);
  const dialogBody = useRef<HTMLDivElement>(null);
  const naive = useWatch({ control, name: [...NAIVE_FLAGS] });
  const [customErrors, setCustomErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePatient(studyId);
  const controlId = (key: BaseKey) => `${id}-${key}`;

  // The last submit: "Confirm and save" resends it with the warnings confirmed (decision 0024).
  const lastSubmit = useRef<{
    body: PatientCreateBody;
    customFields: FormValues;
    missing: Record<string, string | null>;
  } | null>(null);

  async function send(
    body: PatientCreateBody,
    customFields: FormValues,
    missing: Record<string, string | null>,
    confirmed?: string[],
  ) {
    setFailure(null);
    setCustomErrors({});
    lastSubmit.current = { body, customFields, missing };
    // The impossible (born in the future, onset before birth) is refused here already, by the server's rule.
    const { errors: impossible } = patientPlausibility({
      today: browserToday(),
      birthDate: body.birth_date,
      fields,
      customFields,
    });
    if (impossible.length > 0) {
      const onBirth = impossible.find((issue) => issue.loc[0] === "birth_date");
      if (onBirth)
        setError("birth_date", { type: "plausibility", message: onBirth.msg }, { shouldFocus: true });
      const custom = impossible.filter((issue) => issue.loc[0] === "custom_fields");
      if (custom.length > 0) {
        setCustomErrors(Object.fromEntries(custom.map((issue) => [String(issue.loc[1]), issue.msg])));
        setFailure(t("failure", { detail: custom.map((issue) => words(issue.msg)).join("; ") }));
      }
      return;
    }
    try {
      const patient = await create.mutateAsync({
        ...body,
        custom_fields: customFields,
        missing,
        ...(confirmed ? { confirmed_warnings: confirmed } : {}),
      });
      draft.clear();
      onCreated(patient, next.current);
    } catch (error) {
      // A duplicate code (409) belongs under the code; a 422 under the fields its issues name.
      if (error instanceof ApiClientError && error.status === 409 && typeof error.detail === "string")
        setError("code", { type: "server", message: error.detail }, { shouldFocus: true });
      else if (!onlyWarnings(error)) applyServerErrors(error, setError, BASE_FIELDS, "");
      setCustomErrors(customFieldIssues(error));
      // Warnings alone are answered by the confirm step, which takes the focus itself.
      if (!onlyWarnings(error)) {
        setFailure(t("failure", { detail: words(error instanceof Error ? error.message : String(error)) }));
        focusFirstErrorSoon(dialogBody.current);
      }
    }
  }

  const customList = Object.entries(customErrors);
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;

  return (
    <Dialog
      open
      onClose={guard.requestClose}
      title={t("title")}
      className="my-auto max-w-2xl"
      footer={
        // Three buttons wrap on a phone rather than widen the dialog.
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={guard.requestClose}>
            {t("cancel")}
          </Button>
          <Button
            type="submit"
            variant="secondary"
            form={formId}
            disabled={create.isPending}
            onClick={() => (next.current = undefined)}
          >
            {create.isPending ? t("saving") : t("save")}
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={create.isPending}
            onClick={() => (next.current = "baseline")}
          >
            {tEntry("saveAndBaseline")}
          </Button>
        </div>
      }
    >
      {/* Any submit (the button, or Enter in a field) shows the fixed fields' messages too. */}
      <div
        ref={dialogBody}
        className="space-y-5"
        onSubmitCapture={() =>
          void handleSubmit(
            () => undefined,
            () => focusFirstErrorSoon(dialogBody.current),
          )()
        }
      >
        {guard.confirm}
        {draft.offer && (
          <DraftOffer
            onRestore={() => {
              const kept = draft.take();
              if (!kept) return;
              reset({ ...EMPTY_DRAFT, ...kept.base }, { keepDefaultValues: true });
              setCustom(kept.custom);
              setRestored((r) => ({ round: r.round + 1, values: kept.custom }));
            }}
            onDiscard={draft.clear}
          />
        )}
        <PlausibilityWarnings
          error={create.error}
          pending={create.isPending}
          onConfirm={(codes) => {
            const last = lastSubmit.current;
            if (last) void send(last.body, last.customFields, last.missing, codes);
          }}
        />
        {failure && (
          <Alert>
            <p>{failure}</p>
            {customList.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {customList.map(([name, message]) => (
                  <li key={name}>{t("fieldIssue", { label: labelOf(name), message: words(message) })}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Row id={controlId("code")} label={t("labels.code")} required error={errors.code?.message}>
            {(a11y) => (
              <Input {...a11y} {...register("code")} form={formId} autoComplete="off" maxLength={50} />
            )}
          </Row>
          <Row
            id={controlId("birth_date")}
            label={t("labels.birth_date")}
            required
            error={errors.birth_date?.message}
          >
            {(a11y) => (
              <FormProvider {...methods}>
                <TypedDateField
                  {...a11y}
                  path="birth_date"
                  kind="date"
                  form={formId}
                  className={CONTROL_CLASS}
                />
              </FormProvider>
            )}
          </Row>
          <Row id={controlId("sex")} label={t("labels.sex")} required error={errors.sex?.message}>
            {(a11y) => (
              <select {...a11y} {...register("sex")} form={formId} className={CONTROL_CLASS}>
                <option value="">{t("selectSex")}</option>
                {/* The stored codes M and F (spec §9), the same in every language. */}
                {SEX_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </Row>
          {askGroup && groups ? (
            <Row
              id={controlId("medical_group_id")}
              label={tGroup("label")}
              required
              error={errors.medical_group_id?.message}
            >
              {(a11y) => (
                <select {...a11y} {...register("medical_group_id")} form={formId} className={CONTROL_CLASS}>
                  <option value="">{tGroup("choose")}</option>
                  {groups.choices.map((group) => (
                    <option key={group.id} value={group.id}>
                      {tGroup("option", { code: group.code, name: group.name })}
                    </option>
                  ))}
                </select>
              )}
            </Row>
          ) : groups?.own ? (
            <p className="self-end text-sm text-slate-600" data-testid="own-group">
              {tGroup("ownGroup", { group: groups.own.name })}
            </p>
          ) : (
            <div className="hidden sm:block" />
          )}
          {(["height_cm", "weight_kg"] as const).map((key) => (
            <Row key={key} id={controlId(key)} label={t(`labels.${key}`)} error={errors[key]?.message}>
              {/* Typed in the reader's language: "72,5" in Italian (decision 0021). */}
              {(a11y) => (
                <FormProvider {...methods}>
                  <NumberInput {...a11y} path={key} form={formId} className={CONTROL_CLASS} />
                </FormProvider>
              )}
            </Row>
          ))}
          {NAIVE_FLAGS.map((flag, index) => ({ flag, value: naive[index] }))
            .filter(({ flag }) => !naiveInForm.has(flag))
            .map(({ flag, value }) => (
              <fieldset key={flag}>
                <legend id={`${id}-${flag}-legend`} className="mb-1 block text-sm font-medium text-slate-700">
                  {t(`labels.${flag}`)}
                </legend>
                {/* Unanswered until answered, and an answer can be taken back (decision 0023). */}
                <div className="flex flex-wrap items-center gap-4">
                  {([true, false] as const).map((choice) => (
                    <label key={String(choice)} className="inline-flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        form={formId}
                        name={`${id}-${flag}`}
                        checked={value === choice}
                        onChange={() => setValue(flag, choice)}
                        aria-keyshortcuts="Delete"
                        onKeyDown={(event) => {
                          // Delete or Backspace takes the answer back (Clear is out of the Tab order).
                          if (event.key !== "Delete" && event.key !== "Backspace") return;
                          event.preventDefault();
                          setValue(flag, null);
                        }}
                      />
                      {choice ? yesNo.yes : yesNo.no}
                    </label>
                  ))}
                  {typeof value === "boolean" && (
                    <button
                      type="button"
                      onClick={() => setValue(flag, null)}
                      tabIndex={-1}
                      title={tClear("shortcut")}
                      aria-describedby={`${id}-${flag}-legend`}
                      className="rounded px-1.5 py-0.5 text-xs text-slate-500 underline hover:text-slate-800 focus:outline-none focus:ring-2 focus:ring-blue-600/40"
                    >
                      {tClear("clear")}
                    </button>
                  )}
                </div>
              </fieldset>
            ))}
        </div>
        {fields.length === 0 && <p className="text-sm text-slate-600">{t("noFields")}</p>}
        <DynamicForm
          key={restored.round}
          defaultValues={restored.values}
          onValuesChange={setCustom}
          onDirtyChange={setCustomDirty}
          serverErrors={customErrors}
          fields={fields}
          categories={config.categories}
          entity="patient"
          defaultOpenCategory="demographic"
          booleanLabels={SI_NO}
          formId={formId}
          missingCodes={missingCodes}
          onSubmit={(customFields, missing) => handleSubmit((body) => send(body, customFields, missing))()}
        />
      </div>
    </Dialog>
  );
}

const SEX_CODES = ["M", "F"] as const;

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
  const words = useWords();
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
        ...invalidProps(id, error),
        ...(required && { "aria-required": true as const }),
      })}
      <FieldError id={id} error={error && words(error)} />
    </div>
  );
}
