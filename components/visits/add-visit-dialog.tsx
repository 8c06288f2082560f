"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { YES_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { focusFirstErrorSoon } from "@/components/forms/focus-first-error";
import { TypedDateInput } from "@/components/forms/typed-date-input";
import { DraftOffer, useCloseGuard } from "@/components/entry/close-guard";
import { isRecord, useDialogDraft } from "@/components/entry/use-dialog-draft";
import { discardDraft } from "@/lib/client/draft-storage";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { useStudyMissingCodes } from "@/components/forms/missing-code-control";
import { useWords } from "@/components/i18n/use-words";
import { errorText } from "@/components/patient-detail/format";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { useCreateVisit } from "@/lib/client/visits";
import {
  currentTherapy,
  fieldsForEntity,
  latestVisit,
  nextVisitType,
  orderedVisitTypes,
  therapyFieldPair,
  THERAPY_SWITCH_KEY,
  type TherapySwitchValue,
} from "@/lib/forms";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";
import { issuesByField } from "./api-issues";
import { liveBaseline } from "./live-baseline";
import {
  browserToday,
  onlyWarnings,
  PlausibilityWarnings,
} from "@/components/plausibility/plausibility-warnings";
import { visitPlausibility } from "@/lib/forms/plausibility";
import { TherapySwitchForm } from "./therapy-switch-form";
import { TherapySwitchPrompt } from "./therapy-switch-prompt";

/** The first free visit number: one more than the highest so far (1 for the first visit). */
export function nextVisitNumber(visits: Pick<VisitResponse, "visit_number">[]): number {
  return visits.reduce((max, v) => Math.max(max, v.visit_number), 0) + 1;
}

type Props = {
  open: boolean;
  onClose: () => void;
  patientId: number;
  config: StudyConfig;
  visits: VisitResponse[];
  onCreated: (message: string) => void;
  /** The patient's birth date: impossible dates are refused before submit (decision 0024). */
  birthDate?: string;
};

/** What the dialog keeps of an unsaved visit (docs/decisions/0027). */
type KeptVisit = {
  number: string;
  date: string;
  type: string;
  switchAnswer: TherapySwitchValue | null;
  values: FormValues;
};
const isKeptVisit = (value: unknown): value is KeptVisit =>
  isRecord(value) &&
  typeof value.number === "string" &&
  typeof value.date === "string" &&
  typeof value.type === "string" &&
  isRecord(value.values) &&
  (value.switchAnswer === null || isRecord(value.switchAnswer));

const draftKeyOf = (patientId: number) => `visit-new:${patientId}`;

/**
 * '+ Add Visit' (spec §2, §4, §5). Closing unmounts the steps, so a reopened dialog starts fresh
 * (or from its kept draft); closing with changes asks first. 'Save and add next visit' saves and
 * starts the next visit in the same dialog (docs/decisions/0027).
 */
export function AddVisitDialog(props: Props) {
  const t = useTranslations("visits.add");
  const [dirty, setDirty] = useState(false);
  // Each 'Save and add next visit' starts a new round, after the visit just saved.
  const [round, setRound] = useState<{ n: number; after: VisitResponse | null }>({ n: 0, after: null });
  const close = () => {
    setDirty(false);
    setRound({ n: 0, after: null });
    props.onClose();
  };
  const guard = useCloseGuard(dirty, close, () => discardDraft(draftKeyOf(props.patientId)));
  return (
    <Dialog open={props.open} onClose={guard.requestClose} title={t("title")} className="max-w-3xl">
      {guard.confirm}
      <AddVisitSteps
        key={round.n}
        {...props}
        justSaved={round.after}
        onClose={close}
        requestClose={guard.requestClose}
        onDirtyChange={setDirty}
        onSavedNext={(saved) => setRound((r) => ({ n: r.n + 1, after: saved }))}
      />
    </Dialog>
  );
}

type StepsProps = Props & {
  justSaved: VisitResponse | null;
  requestClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onSavedNext: (saved: VisitResponse) => void;
};

function AddVisitSteps({
  onClose,
  patientId,
  config,
  visits: listed,
  onCreated,
  birthDate,
  justSaved,
  requestClose,
  onDirtyChange,
  onSavedNext,
}: StepsProps) {
  const missingCodes = useStudyMissingCodes(config);
  const id = useId();
  const t = useTranslations("visits.add");
  const tEntry = useTranslations("entry");
  const words = useWords();
  const create = useCreateVisit(patientId);
  // The visit list may not have been refetched yet after 'Save and add next visit'.
  const visits = useMemo(
    () => (justSaved && !listed.some((v) => v.id === justSaved.id) ? [...listed, justSaved] : listed),
    [listed, justSaved],
  );
  // Suggested: the next number and the next visit type of the study's order (decision 0027).
  const [visitNumber, setVisitNumber] = useState(() => String(nextVisitNumber(visits)));
  const [visitDate, setVisitDate] = useState("");
  const [visitType, setVisitType] = useState(
    () => nextVisitType(config.visit_types, latestVisit(visits)?.visit_type ?? null) ?? "",
  );
  const [numberError, setNumberError] = useState<string | null>(null);
  const [switchStep, setSwitchStep] = useState<"prompt" | "form" | "done">("prompt");
  const [switchAnswer, setSwitchAnswer] = useState<TherapySwitchValue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [formDirty, setFormDirty] = useState(false);
  const [restored, setRestored] = useState<{ round: number; values: FormValues | null }>({
    round: 0,
    values: null,
  });
  const stepRef = useRef<HTMLDivElement>(null);
  const answered = useRef(false);
  // The values of the last submit: "Confirm and save" resends them with the warnings confirmed.
  const lastValues = useRef<{ values: FormValues; missing: Record<string, string | null> }>({
    values: {},
    missing: {},
  });
  const [plausibility, setPlausibility] = useState<Record<string, string>>({});
  const next = useRef(false);

  const dirty = visitDate !== "" || switchAnswer !== null || formDirty || restored.round > 0;
  useEffect(() => onDirtyChange(dirty), [onDirtyChange, dirty]);
  const kept = useMemo<KeptVisit>(
    () => ({ number: visitNumber, date: visitDate, type: visitType, switchAnswer, values }),
    [visitNumber, visitDate, visitType, switchAnswer, values],
  );
  const draft = useDialogDraft<KeptVisit>(draftKeyOf(patientId), dirty, kept, isKeptVisit);

  function restore() {
    const taken = draft.take();
    if (!taken) return;
    setVisitNumber(taken.number);
    setVisitDate(taken.date);
    setVisitType(taken.type);
    setSwitchAnswer(taken.switchAnswer);
    setSwitchStep(taken.switchAnswer ? "done" : "prompt");
    setRestored((r) => ({ round: r.round + 1, values: taken.values }));
  }

  // The answered prompt's buttons are gone: keyboard focus moves on to the next step's first field.
  useEffect(() => {
    if (!answered.current) return;
    const step = stepRef.current;
    (step?.querySelector<HTMLElement>("input, select, textarea") ?? step?.querySelector("summary"))?.focus();
  }, [switchStep]);

  const switchConfig = config.therapy_switch_config;
  const isFollowUp = visits.length > 0;
  const asksSwitch = isFollowUp && switchConfig.enabled;
  const ready = isCalendarDate(visitDate) && visitType !== "";
  const visitTypes = orderedVisitTypes(config.visit_types);
  const fields = useMemo(() => fieldsForEntity(config.data_fields, "visit"), [config.data_fields]);
  // Warnings to confirm are shown once, in the confirm step, not as errors at their fields.
  const issues = useMemo(
    () => issuesByField(onlyWarnings(create.error) ? null : create.error),
    [create.error],
  );
  // A follow-up starts with the therapy it carries on: the current line's, or the switch's new one.
  const pair = useMemo(() => therapyFieldPair(fields, switchConfig), [fields, switchConfig]);
  const therapy =
    pair && asksSwitch && switchAnswer
      ? switchAnswer.is_continuing_therapy
        ? currentTherapy(visits, pair)
        : typeof switchAnswer[pair.switchField] === "string"
          ? (switchAnswer[pair.switchField] as string)
          : null
      : null;
  const startValues: FormValues = restored.values ?? (pair && therapy ? { [pair.visitField]: therapy } : {});

  async function submit(values: FormValues, missing: Record<string, string | null>, confirmed?: string[]) {
    const number = Number(visitNumber);
    if (!Number.isInteger(number) || number < 1) {
      setNumberError(t("numberMin"));
      document.getElementById(`${id}-number`)?.focus();
      return;
    }
    setNumberError(null);
    setFailure(null);
    lastValues.current = { values, missing };
    // The impossible (a date in the future, before birth) is refused here already, by the server's rule.
    const { errors } = visitPlausibility({
      today: browserToday(),
      birthDate: birthDate ?? "",
      visitDate,
      visitNumber: number,
      otherVisits: visits.map((v) => ({ visitNumber: v.visit_number, visitDate: v.visit_date })),
      fields,
      dataFields: values,
    });
    setPlausibility(Object.fromEntries(errors.map((e) => [e.loc.join("."), e.msg])));
    if (errors.length > 0) {
      if (errors[0]!.loc[0] === "visit_date") document.getElementById(`${id}-date`)?.focus();
      return;
    }
    try {
      const saved = await create.mutateAsync({
        patient_id: patientId,
        visit_number: number,
        visit_date: visitDate,
        visit_type: visitType,
        data_fields: asksSwitch && switchAnswer ? { ...values, [THERAPY_SWITCH_KEY]: switchAnswer } : values,
        missing,
        ...(confirmed ? { confirmed_warnings: confirmed } : {}),
      });
      draft.clear();
      onCreated(t("created"));
      if (next.current) onSavedNext(saved);
      else onClose();
    } catch (error) {
      // Warnings alone are answered by the confirm step, which takes the focus itself.
      if (!onlyWarnings(error)) {
        setFailure(t("failure", { detail: words(errorText(error)) }));
        focusFirstErrorSoon(stepRef.current);
      }
    }
  }

  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const dateProblem = plausibility.visit_date ?? issues.top.visit_date;
  const dataIssues = [
    ...Object.entries(plausibility)
      .filter(([path]) => path.startsWith("data_fields."))
      .map(([path, msg]) => [path.split(".")[1]!, msg] as const),
    ...Object.entries(issues.data),
  ];
  const numberProblem = numberError ?? (issues.top.visit_number && words(issues.top.visit_number));

  return (
    <div className="space-y-4">
      {draft.offer && <DraftOffer onRestore={restore} onDiscard={draft.clear} />}
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <Label htmlFor={`${id}-number`}>{t("number")} *</Label>
          <input
            id={`${id}-number`}
            type="number"
            min={1}
            step={1}
            value={visitNumber}
            aria-invalid={numberProblem ? true : undefined}
            onChange={(e) => setVisitNumber(e.target.value)}
            className={CONTROL_CLASS}
          />
          {numberProblem && <p className="mt-1 text-sm text-red-700">{numberProblem}</p>}
        </div>
        <div>
          <Label htmlFor={`${id}-date`}>{t("date")} *</Label>
          {/* Number and type come suggested: the date is what a clinician types first. */}
          <TypedDateInput
            id={`${id}-date`}
            kind="date"
            autoFocus
            value={visitDate || undefined}
            aria-invalid={dateProblem ? true : undefined}
            onChange={(value) => setVisitDate(value ?? "")}
            className={CONTROL_CLASS}
          />
          {dateProblem && <p className="mt-1 text-sm text-red-700">{words(dateProblem)}</p>}
        </div>
        <div>
          <Label htmlFor={`${id}-type`}>{t("type")} *</Label>
          <select
            id={`${id}-type`}
            value={visitType}
            aria-invalid={issues.top.visit_type ? true : undefined}
            onChange={(e) => setVisitType(e.target.value)}
            className={CONTROL_CLASS}
          >
            <option value="">{t("selectType")}</option>
            {visitTypes.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
          {issues.top.visit_type && (
            <p className="mt-1 text-sm text-red-700">{words(issues.top.visit_type)}</p>
          )}
        </div>
      </div>

      <div ref={stepRef} className="space-y-4">
        {!ready ? (
          <p className="text-sm text-slate-500">{t("chooseFirst")}</p>
        ) : asksSwitch && switchStep === "prompt" ? (
          <TherapySwitchPrompt
            message={switchConfig.prompt_message}
            onContinue={() => {
              answered.current = true;
              setSwitchAnswer({ is_continuing_therapy: true });
              setSwitchStep("done");
            }}
            onSwitch={() => {
              answered.current = true;
              setSwitchStep("form");
            }}
          />
        ) : asksSwitch && switchStep === "form" ? (
          <TherapySwitchForm
            config={switchConfig}
            onCancel={requestClose}
            onSubmit={(value) => {
              setSwitchAnswer(value);
              setSwitchStep("done");
            }}
          />
        ) : (
          <>
            {asksSwitch && switchAnswer && (
              <p className="text-sm text-slate-600" data-testid="switch-summary">
                {switchAnswer.is_continuing_therapy ? t("continuing") : t("switched")}{" "}
                <button
                  type="button"
                  className="text-brand-700 underline"
                  onClick={() => {
                    setSwitchAnswer(null);
                    setSwitchStep("prompt");
                  }}
                >
                  {t("changeAnswer")}
                </button>
              </p>
            )}
            {Object.keys(issues.switch).length > 0 && (
              <div
                role="alert"
                className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
              >
                {Object.values(issues.switch).map(words).join("; ")}
              </div>
            )}
            {fields.length === 0 ? <p className="text-sm text-slate-500">{t("noFields")}</p> : null}
            {therapy && !restored.values && (
              <p className="text-sm text-slate-600" data-testid="therapy-prefilled">
                {tEntry("therapyPrefilled")}
              </p>
            )}
            <DynamicForm
              key={restored.round}
              fields={fields}
              categories={config.categories}
              entity="visit"
              defaultOpenCategory="efficacy"
              booleanLabels={YES_NO}
              // Live, as the server will compute them on save (decision 0028).
              calculations={config.calculations}
              baselineValues={liveBaseline(config.calculations, visits, {
                type: visitType,
                number: Number(visitNumber),
              })}
              defaultValues={startValues}
              onValuesChange={setValues}
              onDirtyChange={setFormDirty}
              serverErrors={issues.data}
              missingCodes={missingCodes}
              onSubmit={submit}
            >
              {dataIssues.length > 0 && (
                <ul className="list-disc rounded-md border border-red-200 bg-red-50 py-2 pl-8 text-sm text-red-800">
                  {dataIssues.map(([name, msg]) => (
                    <li key={`${name}-${msg}`}>
                      {t("fieldIssue", { label: labelOf(name), message: words(msg) })}
                    </li>
                  ))}
                </ul>
              )}
              <PlausibilityWarnings
                error={create.error}
                pending={create.isPending}
                onConfirm={(codes) =>
                  void submit(lastValues.current.values, lastValues.current.missing, codes)
                }
              />
              {failure && (
                <div
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  {failure}
                </div>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={requestClose}>
                  {t("cancel")}
                </Button>
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={create.isPending}
                  onClick={() => (next.current = false)}
                >
                  {create.isPending ? t("saving") : t("save")}
                </Button>
                <Button type="submit" disabled={create.isPending} onClick={() => (next.current = true)}>
                  {tEntry("saveAndNext")}
                </Button>
              </div>
            </DynamicForm>
          </>
        )}
      </div>
      {(!ready || (asksSwitch && switchStep === "prompt")) && (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={requestClose}>
            {t("cancel")}
          </Button>
        </div>
      )}
    </div>
  );
}
