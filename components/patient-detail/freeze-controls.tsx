"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useFreezePatient } from "@/lib/client/data-lock";
import type { PatientResponse } from "@/lib/schemas/patients";
import { errorText } from "./format";
import { ReasonDialog } from "./reason-dialog";

type Props = {
  patient: Pick<PatientResponse, "id" | "code" | "locked_at">;
  /** clinical.freeze in an open study: principal investigators and administrators. */
  canFreeze: boolean;
};

/**
 * The patient freeze (docs/decisions/0034-patient-and-study-lock.md): a banner while frozen, and
 * Freeze / Unlock with a reason for those who may. The page hides its write controls on its own
 * (patient-detail.tsx reads `locked_at`); the API refuses them anyway with 423.
 */
export function PatientFreezeControls({ patient, canFreeze }: Props) {
  const t = useTranslations("dataLock.patient");
  const fmt = useFormat();
  const words = useWords();
  const freeze = useFreezePatient(patient.id);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const frozen = patient.locked_at !== null;

  if (!frozen && !canFreeze && !done) return null;
  return (
    <div className="space-y-2">
      {frozen && (
        <Alert tone="info" className="flex flex-wrap items-center justify-between gap-2">
          <span>
            <strong>{t("frozenBanner")}</strong>{" "}
            <time dateTime={patient.locked_at!}>
              {t("frozenSince", { at: fmt.dateTime(patient.locked_at!) })}
            </time>
          </span>
          {canFreeze && (
            <Button variant="secondary" onClick={() => open()}>
              {t("unlock")}
            </Button>
          )}
        </Alert>
      )}
      {!frozen && canFreeze && (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => open()}>
            {t("freeze")}
          </Button>
        </div>
      )}
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
      <ReasonDialog
        open={asking}
        title={t(frozen ? "unlockTitle" : "freezeTitle", { code: patient.code })}
        confirmLabel={t(frozen ? "unlockConfirm" : "freezeConfirm")}
        pending={freeze.isPending}
        error={error}
        onClose={() => setAsking(false)}
        onConfirm={(reason) => {
          setError(null);
          freeze.mutate(
            { frozen: !frozen, reason },
            {
              onSuccess: () => {
                setAsking(false);
                setDone(t(frozen ? "unlocked" : "frozen", { code: patient.code }));
              },
              onError: (e) => setError(e),
            },
          );
        }}
      />
      {error !== null && !asking && <Alert className="text-sm">{words(errorText(error))}</Alert>}
    </div>
  );

  function open() {
    setError(null);
    setDone(null);
    setAsking(true);
  }
}
