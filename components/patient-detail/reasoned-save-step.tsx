"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { onlyWarnings } from "@/components/plausibility/plausibility-warnings";
import { ReasonForm } from "./reason-dialog";
import type { SaveRefusal } from "./save-outcome";
import { StaleNotice } from "./stale-notice";

type Props = {
  pending: boolean;
  refusal: SaveRefusal | null;
  onConfirm: (reason: string) => void | Promise<void>;
  onReload: () => void;
  onClose: () => void;
  /** The confirm step of soft warnings (decision 0024), shown instead of the refusal's text. */
  warnings?: ReactNode;
};

/**
 * The last step of every change to clinical data: a reason (3–500 characters), then the save. A
 * stale write offers Reload (which also closes the dialog); any other refusal shows its detail.
 */
export function ReasonedSaveStep({ pending, refusal, onConfirm, onReload, onClose, warnings }: Props) {
  const t = useTranslations("patients.reason");
  return (
    <ReasonForm
      confirmLabel={t("saveChanges")}
      pending={pending}
      error={refusal && !refusal.stale && !onlyWarnings(refusal.error) ? refusal.error : null}
      extra={
        refusal?.stale ? (
          <StaleNotice
            detail={refusal.detail}
            onReload={() => {
              onReload();
              onClose();
            }}
          />
        ) : (
          (warnings ?? null)
        )
      }
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
