"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { YES_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { useStudyMissingCodes } from "@/components/forms/missing-code-control";
import { useWords } from "@/components/i18n/use-words";
import { errorText } from "@/components/patient-detail/format";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { useCreateVisit } from "@/lib/client/visits";
import { fieldsForEntity, THERAPY_SWITCH_KEY, type TherapySwitchValue } from "@/lib/forms";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";
import { issuesByField } from "./api-issues";
import { liveBaseline } from "./live-baseline";
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
};

/** '+ Add Visit' (spec §2, §4, §5). Closing unmounts the steps, so a reopened dialog starts fresh. */
export function AddVisitDialog(props: Props) {
  const t = useTranslations("visits.add");
  return (
    <Dialog open={props.open} onClose={props.onClose} title={t("title")} className="max-w-3xl">
      <AddVisitSteps {...props} />
    </Dialog>
  );
}

function AddVisitSteps({ onClose, patientId, config, visits, onCreated }: Props) {
  const missingCodes = useStudyMissingCodes(config);
  const id = useId();
  const t = useTranslations("visits.add");
  const words = useWords();
  const create = useCreateVisit(patientId);
  const [visitNumber, setVisitNumber] = useState(String(nextVisitNumber(visits)));
  const [visitDate, setVisitDate] = useState("");
  const [visitType, setVisitType] = useState("");
  const [numberError, setNumberError] = useState<string | null>(null);
  const [switchStep, setSwitchStep] = useState<"prompt" | "form" | "done">("prompt");
  const [switchAnswer, setSwitchAnswer] = useState<TherapySwitchValue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const answered = useRef(false);

  // The answered prompt's buttons are gone: keyboard focus moves on to the next step's first field.
  useEffect(() => {
    if (!answered.current) return;
    const step = stepRef.current;
    (step?.querySelector<HTMLElement>("input, select, textarea") ?? step?.querySelector("summary"))?.focus();
  }, [switchStep]);

  const switchConfig = config.therapy_switch_config;
  const isFollowUp = visits.length > 0;
  const asksSwitch = isFollowUp && switchConfig.enabled;
  const ready = visitDate !== "" && visitType !== "";
  const visitTypes = [...config.visit_types].sort((a, b) => a.order - b.order);
  const fields = fieldsForEntity(config.data_fields, "visit");
  const issues = issuesByField(create.error);

  async function submit(values: FormValues, missing: Record<string, string | null>) {
    const number = Number(visitNumber);
    if (!Number.isInteger(number) || number < 1) {
      setNumberError(t("numberMin"));
      document.getElementById(`${id}-number`)?.focus();
      return;
    }
    setNumberError(null);
    setFailure(null);
    try {
      await create.mutateAsync({
        patient_id: patientId,
        visit_number: number,
        visit_date: visitDate,
        visit_type: visitType,
        data_fields: asksSwitch && switchAnswer ? { ...values, [THERAPY_SWITCH_KEY]: switchAnswer } : values,
        missing,
      });
      onCreated(t("created"));
      onClose();
    } catch (error) {
      setFailure(t("failure", { detail: words(errorText(error)) }));
    }
  }

  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const dataIssues = Object.entries(issues.data);
  const numberProblem = numberError ?? (issues.top.visit_number && words(issues.top.visit_number));

  return (
    <div className="space-y-4">
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
          <input
            id={`${id}-date`}
            type="date"
            value={visitDate}
            aria-invalid={issues.top.visit_date ? true : undefined}
            onChange={(e) => setVisitDate(e.target.value)}
            className={CONTROL_CLASS}
          />
          {issues.top.visit_date && (
            <p className="mt-1 text-sm text-red-700">{words(issues.top.visit_date)}</p>
          )}
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
            onCancel={onClose}
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
            <DynamicForm
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
              missingCodes={missingCodes}
              onSubmit={submit}
            >
              {dataIssues.length > 0 && (
                <ul className="list-disc rounded-md border border-red-200 bg-red-50 py-2 pl-8 text-sm text-red-800">
                  {dataIssues.map(([name, msg]) => (
                    <li key={name}>{t("fieldIssue", { label: labelOf(name), message: words(msg) })}</li>
                  ))}
                </ul>
              )}
              {failure && (
                <div
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  {failure}
                </div>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={onClose}>
                  {t("cancel")}
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? t("saving") : t("save")}
                </Button>
              </div>
            </DynamicForm>
          </>
        )}
      </div>
      {(!ready || (asksSwitch && switchStep === "prompt")) && (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
        </div>
      )}
    </div>
  );
}
