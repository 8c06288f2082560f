"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { errorText } from "@/components/patient-detail/format";
import { ReasonDialog } from "@/components/patient-detail/reason-dialog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useLockStudy } from "@/lib/client/data-lock";
import type { StudyResponse } from "@/lib/schemas/studies";

type Props = {
  study: Pick<StudyResponse, "id" | "name" | "locked_at">;
  /** study.lock: platform administrators only. */
  canLock: boolean;
};

/**
 * Lock study / Unlock study with a reason, where administrators manage a study
 * (docs/decisions/0034-patient-and-study-lock.md); the banner is the study pages' layout's.
 */
export function StudyLockControl({ study, canLock }: Props) {
  const t = useTranslations("dataLock.study");
  const words = useWords();
  const lock = useLockStudy(study.id);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const locked = study.locked_at !== null;

  if (!canLock) return null;
  return (
    <div className="mb-4 space-y-2">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {done && (
          <span role="status" className="text-sm text-green-800">
            {done}
          </span>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            setError(null);
            setDone(null);
            setAsking(true);
          }}
        >
          {t(locked ? "unlock" : "lock")}
        </Button>
      </div>
      {error !== null && !asking && <Alert>{t("failed", { detail: words(errorText(error)) })}</Alert>}
      <ReasonDialog
        open={asking}
        title={t(locked ? "unlockTitle" : "lockTitle", { name: study.name })}
        confirmLabel={t(locked ? "unlockConfirm" : "lockConfirm")}
        pending={lock.isPending}
        error={error}
        extra={locked ? undefined : <p className="text-sm text-slate-700">{t("lockExplain")}</p>}
        onClose={() => setAsking(false)}
        onConfirm={(reason) => {
          setError(null);
          lock.mutate(
            { locked: !locked, reason },
            {
              onSuccess: () => {
                setAsking(false);
                setDone(t(locked ? "unlocked" : "locked"));
              },
              onError: (e) => setError(e),
            },
          );
        }}
      />
    </div>
  );
}
