"use client";

import { useTranslations } from "next-intl";
import { ReasonForm } from "./reason-dialog";
import type { SaveRefusal } from "./save-outcome";
import { StaleNotice } from "./stale-notice";

type Props = {
  pending: boolean;
  refusal: SaveRefusal | null;
  onConfirm: (reason: string) => void | Promise<void>;
  onReload: () => void;
  onClose: () => void;
};

/**
 * The last step of every change to clinical data: a reason (3–500 characters), then the save. A
 * stale write offers Reload (which also closes the dialog); any other refusal shows its detail.
 */
export function ReasonedSaveStep({ pending, refusal, onConfirm, onReload, onClose }: Props) {
  const t = useTranslations("patients.reason");
  return (
    <ReasonForm
      confirmLabel={t("saveChanges")}
      pending={pending}
      error={refusal && !refusal.stale ? refusal.error : null}
      extra={
        refusal?.stale ? (
          <StaleNotice
            detail={refusal.detail}
            onReload={() => {
              onReload();
              onClose();
            }}
          />
        ) : null
      }
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
