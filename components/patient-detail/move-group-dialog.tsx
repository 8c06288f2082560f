"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { placeServerErrors } from "@/lib/client/apply-server-errors";
import { useMovePatientGroup } from "@/lib/client/patient-groups";
import type { PatientGroupChoice, PatientResponse } from "@/lib/schemas/patients";
import { ReasonForm } from "./reason-dialog";

/**
 * 'Move to group' (docs/decisions/0028): the new group, then why, as every reasoned change asks
 * (ReasonForm, the API's own rule). The server checks the role, the group and the version again.
 */
export function MoveGroupDialog({
  patient,
  groups,
  onClose,
  onMoved,
}: {
  patient: PatientResponse;
  groups: PatientGroupChoice[];
  onClose: () => void;
  onMoved: (message: string) => void;
}) {
  const t = useTranslations("patientPage.group");
  return (
    <Dialog open onClose={onClose} title={t("moveTitle", { code: patient.code })}>
      <MoveGroupForm patient={patient} groups={groups} onClose={onClose} onMoved={onMoved} />
    </Dialog>
  );
}

function MoveGroupForm({
  patient,
  groups,
  onClose,
  onMoved,
}: {
  patient: PatientResponse;
  groups: PatientGroupChoice[];
  onClose: () => void;
  onMoved: (message: string) => void;
}) {
  const id = useId();
  const t = useTranslations("patientPage.group");
  const words = useWords();
  const move = useMovePatientGroup(patient.id);
  const [target, setTarget] = useState("");
  const [missing, setMissing] = useState(false);
  const others = groups.filter((g) => g.id !== patient.medical_group_id);
  const selectId = `${id}-group`;
  // A refusal about the group (another study's, the same one) belongs under the select.
  const refused = move.error == null ? null : placeServerErrors(move.error, ["medical_group_id"], "");
  const problem = missing
    ? t("chooseRequired")
    : refused?.fields.medical_group_id && words(refused.fields.medical_group_id);

  async function confirm(reason: string) {
    const group = groups.find((g) => String(g.id) === target);
    if (!group) {
      setMissing(true);
      document.getElementById(selectId)?.focus();
      return;
    }
    try {
      await move.mutateAsync({ version: patient.version, reason, medical_group_id: group.id });
      onMoved(t("moved", { code: patient.code, group: group.name }));
      onClose();
    } catch {
      // Shown below from move.error.
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t("explain")}</p>
      <div>
        <Label htmlFor={selectId}>{t("target")} *</Label>
        <select
          id={selectId}
          value={target}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${selectId}-error` : undefined}
          onChange={(e) => {
            setTarget(e.target.value);
            setMissing(false);
          }}
          className={CONTROL_CLASS}
        >
          <option value="">{t("choose")}</option>
          {others.map((group) => (
            <option key={group.id} value={group.id}>
              {t("option", { code: group.code, name: group.name })}
            </option>
          ))}
        </select>
        <FieldError id={selectId} error={problem || undefined} />
      </div>
      <ReasonForm
        confirmLabel={t("confirm")}
        pending={move.isPending}
        error={move.error && !refused?.fields.medical_group_id ? move.error : null}
        onConfirm={(reason) => void confirm(reason)}
        onCancel={onClose}
      />
    </div>
  );
}
