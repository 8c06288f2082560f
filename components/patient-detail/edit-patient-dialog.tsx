"use client";

import { useState } from "react";
import { SI_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { useUpdatePatient } from "@/lib/client/patient-detail";
import { fieldsForEntity } from "@/lib/forms";
import type { PatientResponse, PatientUpdateBody } from "@/lib/schemas/patients";
import type { StudyConfig } from "@/lib/schemas/study-config";
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
  return (
    <Dialog open={props.open} onClose={props.onClose} title="Edit Patient" className="max-w-3xl">
      <EditPatientSteps {...props} />
    </Dialog>
  );
}

type Core = { code: string; birth_date: string; sex: "M" | "F"; height_cm: string; weight_kg: string };

const measure = (text: string) => (text.trim() === "" ? null : Number(text));

function EditPatientSteps({ patient, config, onClose, onSaved, onReload }: Props) {
  const update = useUpdatePatient(patient.id);
  const [core, setCore] = useState<Core>({
    code: patient.code,
    birth_date: patient.birth_date,
    sex: patient.sex,
    height_cm: patient.height_cm === null ? "" : String(patient.height_cm),
    weight_kg: patient.weight_kg === null ? "" : String(patient.weight_kg),
  });
  const [custom, setCustom] = useState<FormValues | null>(null);
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  const set = (key: keyof Core) => (e: { target: { value: string } }) =>
    setCore((c) => ({ ...c, [key]: e.target.value }));

  async function save(reason: string) {
    setRefusal(null);
    const body: PatientUpdateBody = {
      version: patient.version,
      reason,
      code: core.code,
      birth_date: core.birth_date,
      sex: core.sex,
      height_cm: measure(core.height_cm),
      weight_kg: measure(core.weight_kg),
      custom_fields: custom ?? {},
    };
    try {
      await update.mutateAsync(body);
      onSaved("Patient updated");
      onClose();
    } catch (error) {
      setRefusal(saveRefusal(error));
    }
  }

  if (custom !== null)
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
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="edit-patient-code">Patient Code *</Label>
          <input id="edit-patient-code" value={core.code} onChange={set("code")} className={CONTROL_CLASS} />
        </div>
        <div>
          <Label htmlFor="edit-patient-birth">Birth Date *</Label>
          <input
            id="edit-patient-birth"
            type="date"
            value={core.birth_date}
            onChange={set("birth_date")}
            className={CONTROL_CLASS}
          />
        </div>
        <div>
          <Label htmlFor="edit-patient-sex">Sex *</Label>
          <select id="edit-patient-sex" value={core.sex} onChange={set("sex")} className={CONTROL_CLASS}>
            <option value="M">Male</option>
            <option value="F">Female</option>
          </select>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <Label htmlFor="edit-patient-height">Height (cm)</Label>
            <input
              id="edit-patient-height"
              type="number"
              step="0.1"
              value={core.height_cm}
              onChange={set("height_cm")}
              className={CONTROL_CLASS}
            />
          </div>
          <div>
            <Label htmlFor="edit-patient-weight">Weight (kg)</Label>
            <input
              id="edit-patient-weight"
              type="number"
              step="0.1"
              value={core.weight_kg}
              onChange={set("weight_kg")}
              className={CONTROL_CLASS}
            />
          </div>
        </div>
      </div>
      <DynamicForm
        fields={fieldsForEntity(config.data_fields, "patient")}
        categories={config.categories}
        entity="patient"
        defaultOpenCategory="demographic"
        booleanLabels={SI_NO}
        defaultValues={patient.custom_fields}
        onSubmit={(cleaned) => setCustom(cleaned)}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!core.code.trim() || !core.birth_date}>
            Continue
          </Button>
        </div>
      </DynamicForm>
    </div>
  );
}
