"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { YES_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { TypedDateInput } from "@/components/forms/typed-date-input";
import { DraftOffer, useCloseGuard } from "@/components/entry/close-guard";
import { isRecord, useDialogDraft } from "@/components/entry/use-dialog-draft";
import { discardDraft } from "@/lib/client/draft-storage";
import { isCalendarDate } from "@/lib/dates/calendar-date";
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

type Props = {
  visit: VisitResponse | null;
  config: StudyConfig;
  /** The patient's visits: the baseline of the live calculated values (decision 0028). */
  visits?: VisitResponse[];
  onClose: () => void;
  onSaved: (message: string) => void;
  /** Refetches the visit list (after a stale refusal). */
  onReload: () => void;
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
  requestClose,
  onDirtyChange,
}: Props & { visit: VisitResponse; requestClose: () => void; onDirtyChange: (dirty: boolean) => void }) {
  const t = useTranslations("visits.edit");
  const update = useUpdateVisit(visit.patient_id);
  const reloading = useRef(false);
  const [visitDate, setVisitDate] = useState(visit.visit_date);
  const [values, setValues] = useState<FormValues | null>(null);
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
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

  async function save(reason: string) {
    setRefusal(null);
    try {
      await update.mutateAsync({
        id: visit.id,
        body: { version: visit.version, reason, visit_date: visitDate, data_fields: values ?? {} },
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
      />
    );

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
          onChange={(value) => setVisitDate(value ?? "")}
          className={CONTROL_CLASS}
        />
      </div>
      <DynamicForm
        key={restored.round}
        onValuesChange={setLive}
        onDirtyChange={setFormDirty}
        fields={fieldsForEntity(config.data_fields, "visit")}
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
        onSubmit={(cleaned) => setValues(cleaned)}
      >
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
