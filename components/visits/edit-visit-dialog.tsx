"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { YES_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
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

/** Edit a visit: the clinical form, then the reason; sent with the version it was based on. */
export function EditVisitDialog(props: Props) {
  const t = useTranslations("visits.edit");
  return (
    <Dialog
      open={props.visit !== null}
      onClose={props.onClose}
      title={props.visit ? t("title", { n: props.visit.visit_number }) : t("titleNone")}
      className="max-w-3xl"
    >
      {props.visit && <EditVisitSteps {...props} visit={props.visit} />}
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
}: Props & { visit: VisitResponse }) {
  const missingCodes = useStudyMissingCodes(config);
  const t = useTranslations("visits.edit");
  const update = useUpdateVisit(visit.patient_id);
  const [visitDate, setVisitDate] = useState(visit.visit_date);
  const [values, setValues] = useState<FormValues | null>(null);
  const [missing, setMissing] = useState<Record<string, string | null>>({});
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const { [THERAPY_SWITCH_KEY]: _switch, ...entered } = visit.data_fields;

  async function save(reason: string) {
    setRefusal(null);
    try {
      await update.mutateAsync({
        id: visit.id,
        body: { version: visit.version, reason, visit_date: visitDate, data_fields: values ?? {}, missing },
      });
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
        onReload={onReload}
        onClose={onClose}
      />
    );

  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <Label htmlFor="edit-visit-date">{t("date")} *</Label>
        <input
          id="edit-visit-date"
          type="date"
          value={visitDate}
          onChange={(e) => setVisitDate(e.target.value)}
          className={CONTROL_CLASS}
        />
      </div>
      <DynamicForm
        fields={fieldsForEntity(config.data_fields, "visit")}
        categories={config.categories}
        entity="visit"
        defaultOpenCategory="efficacy"
        booleanLabels={YES_NO}
        defaultValues={entered}
        calculations={config.calculations}
        baselineValues={liveBaseline(config.calculations, visits, {
          id: visit.id,
          type: visit.visit_type,
          number: visit.visit_number,
        })}
        missingCodes={missingCodes}
        defaultMissing={visit.missing}
        onSubmit={(cleaned, codes) => {
          setMissing(codes);
          setValues(cleaned);
        }}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={!visitDate}>
            {t("continue")}
          </Button>
        </div>
      </DynamicForm>
    </div>
  );
}
