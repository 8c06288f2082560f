"use client";

import { useTranslations } from "next-intl";
import type { FormEvent, ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";

export type FormDialogProps = {
  title: string;
  /** The form's id: the footer's submit button sits outside the form and names it. */
  formId: string;
  /** The submit button's label while idle ("Create", "Update", "Assign"). */
  submitLabel: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The server's refusal or another whole-form message, shown above the fields. */
  formError?: string | null;
  className?: string;
  children: ReactNode;
};

/**
 * A modal form with Cancel and a submit button that reads "Saving..." and is disabled while the
 * save runs (so a double click cannot send it twice). Browser validation is off: the fields show
 * the messages of the shared schemas instead.
 */
export function FormDialog({
  title,
  formId,
  submitLabel,
  pending,
  onClose,
  onSubmit,
  formError,
  className,
  children,
}: FormDialogProps) {
  const t = useTranslations("ui.dialog");
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      className={className}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("cancel")}
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? t("saving") : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {formError && <Alert>{formError}</Alert>}
        {children}
      </form>
    </Dialog>
  );
}
