"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { YES_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { useWords } from "@/components/i18n/use-words";
import { TypedDateInput } from "@/components/forms/typed-date-input";
import { DraftOffer, useCloseGuard } from "@/components/entry/close-guard";
import { isRecord, useDialogDraft } from "@/components/entry/use-dialog-draft";
import { discardDraft } from "@/lib/client/draft-storage";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { useStudyMissingCodes } from "@/components/forms/missing-code-control";
import { ReasonedSaveStep } from "@/components/patient-detail/reasoned-save-step";
import { saveRefusal, type SaveRefusal } from "@/components/patient-detail/save-outcome";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { ApiClientError } from "@/lib/client/api-fetch";
import { useUpdateVisit } from "@/lib/client/visits";
import { fieldsForEntity, THERAPY_SWITCH_KEY } from "@/lib/forms";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";
import { liveBaseline } from "./live-baseline";
import { browserToday, PlausibilityWarnings } from "@/components/plausibility/plausibility-warnings";
import { visitPlausibility } from "@/lib/forms/plausibility";

type Props = {
  visit: VisitResponse | null;
  config: StudyConfig;
  /** The patient's visits: the baseline of the live calculated values (decision 0028). */
  visits?: VisitResponse[];
  onClose: () => void;
  onSaved: (message: string) => void;
  /** Refetches the visit list (after a stale refusal). */
  onReload: () => void;
  /** The patient's birth date: impossible dates are refused before submit (decision 0024). */
  birthDate?: string;
  /** The data query this edit answers, sent as query_id (decision 0030). */
  queryId?: number | null;
};

type KeptEdit = { date: string; values: FormValues };
const isKeptEdit = (value: unknown): value is KeptEdit =>
  isRecord(value) && typeof value.date === "string" && isRecord(value.values);

/** A draft belongs to the visit as it was when editing began (its version). */
const draftKeyOf = (visit: VisitResponse) => `visit-edit:${visit.id}:${visit.version}`;

/**
 * Edit a visit: the clinical form, then the reason; sent with the version it was based on. Closing
 * with changes asks first; the unsaved edit is kept as a draft (docs/decisions/0027).
 */
export function EditVisitDialog(props: Props) {
  const t = useTranslations("visits.edit");
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    props.onClose();
  };
  const { visit } = props;
  const guard = useCloseGuard(dirty, close, () => visit && discardDraft(draftKeyOf(visit)));
  return (
    <Dialog
      open={visit !== null}
      onClose={guard.requestClose}
      title={visit ? t("title", { n: visit.visit_number }) : t("titleNone")}
      className="max-w-3xl"
    >
      {guard.confirm}
      {visit && (
        <EditVisitSteps
          {...props}
          visit={visit}
          onClose={close}
          requestClose={guard.requestClose}
          onDirtyChange={setDirty}
        />
      )}
    </Dialog>
  );
}

function EditVisitSteps({
  visit,
  config,
  visits = [],
  onClose,
  onSaved,
  onReload,
  birthDate,
  queryId,
  requestClose,
  onDirtyChange,
}: Props & { visit: VisitResponse; requestClose: () => void; onDirtyChange: (dirty: boolean) => void }) {
  const missingCodes = useStudyMissingCodes(config);
  const t = useTranslations("visits.edit");
  const words = useWords();
  const update = useUpdateVisit(visit.patient_id);
  const reloading = useRef(false);
  const [visitDate, setVisitDate] = useState(visit.visit_date);
  const [values, setValues] = useState<FormValues | null>(null);
  const [missing, setMissing] = useState<Record<string, string | null>>({});
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<string[]>([]);
  // The reason of the last save: "Confirm and save" resends it with the warnings confirmed.
  const [lastReason, setLastReason] = useState("");
  const fields = fieldsForEntity(config.data_fields, "visit");
  const { [THERAPY_SWITCH_KEY]: _switch, ...entered } = visit.data_fields;
  const [live, setLive] = useState<FormValues>(entered);
  const [formDirty, setFormDirty] = useState(false);
  const [restored, setRestored] = useState<{ round: number; values: FormValues | null }>({
    round: 0,
    values: null,
  });
  const dirty = visitDate !== visit.visit_date || formDirty || values !== null || restored.round > 0;
  useEffect(() => onDirtyChange(dirty), [onDirtyChange, dirty]);
  const kept = useMemo<KeptEdit>(() => ({ date: visitDate, values: live }), [visitDate, live]);
  const draft = useDialogDraft<KeptEdit>(draftKeyOf(visit), dirty, kept, isKeptEdit);

  async function save(reason: string, confirmed?: string[]) {
    setRefusal(null);
    setLastReason(reason);
    try {
      await update.mutateAsync({
        id: visit.id,
        body: {
          version: visit.version,
          reason,
          visit_date: visitDate,
          data_fields: values ?? {},
          missing,
          ...(confirmed ? { confirmed_warnings: confirmed } : {}),
          ...(queryId ? { query_id: queryId } : {}),
        },
      });
      draft.clear();
      onSaved(t("updated", { n: visit.visit_number }));
      onClose();
    } catch (error) {
      setRefusal(saveRefusal(error));
      // Locked meanwhile (423): the list is refetched so the row shows the lock once this closes.
      if (error instanceof ApiClientError && error.status === 423) onReload();
    }
  }

  if (values !== null)
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

  /** The impossible is refused before the reason step, by the server's own rule. */
  function proceed(cleaned: FormValues, codes: Record<string, string | null>) {
    const { errors } = visitPlausibility({
      today: browserToday(),
      birthDate: birthDate ?? "",
      visitDate,
      visitNumber: visit.visit_number,
      otherVisits: visits
        .filter((v) => v.id !== visit.id)
        .map((v) => ({ visitNumber: v.visit_number, visitDate: v.visit_date })),
      fields,
      dataFields: cleaned,
    });
    const onDate = errors.find((e) => e.loc[0] === "visit_date");
    setDateError(onDate ? onDate.msg : null);
    setFieldErrors(errors.filter((e) => e !== onDate).map((e) => e.msg));
    if (onDate) document.getElementById("edit-visit-date")?.focus();
    if (errors.length > 0) return;
    setMissing(codes);
    setValues(cleaned);
  }

  return (
    <div className="space-y-4">
      {draft.offer && (
        <DraftOffer
          onRestore={() => {
            const taken = draft.take();
            if (!taken) return;
            setVisitDate(taken.date);
            setRestored((r) => ({ round: r.round + 1, values: taken.values }));
          }}
          onDiscard={draft.clear}
        />
      )}
      <div className="max-w-xs">
        <Label htmlFor="edit-visit-date">{t("date")} *</Label>
        <TypedDateInput
          id="edit-visit-date"
          kind="date"
          value={visitDate || undefined}
          aria-invalid={dateError ? true : undefined}
          onChange={(value) => setVisitDate(value ?? "")}
          className={CONTROL_CLASS}
        />
        {dateError && <p className="mt-1 text-sm text-red-700">{words(dateError)}</p>}
      </div>
      <DynamicForm
        key={restored.round}
        onValuesChange={setLive}
        onDirtyChange={setFormDirty}
        fields={fields}
        categories={config.categories}
        entity="visit"
        defaultOpenCategory="efficacy"
        booleanLabels={YES_NO}
        defaultValues={restored.values ?? entered}
        calculations={config.calculations}
        baselineValues={liveBaseline(config.calculations, visits, {
          id: visit.id,
          type: visit.visit_type,
          number: visit.visit_number,
        })}
        missingCodes={missingCodes}
        defaultMissing={visit.missing}
        onSubmit={proceed}
      >
        {fieldErrors.length > 0 && (
          <ul className="list-disc rounded-md border border-red-200 bg-red-50 py-2 pl-8 text-sm text-red-800">
            {fieldErrors.map((msg) => (
              <li key={msg}>{words(msg)}</li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={requestClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={!isCalendarDate(visitDate)}>
            {t("continue")}
          </Button>
        </div>
      </DynamicForm>
    </div>
  );
}
