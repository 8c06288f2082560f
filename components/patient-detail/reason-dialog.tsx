"use client";

import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { placeServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { REASON_LIMITS, ReasonBody } from "@/lib/schemas/patients";
import { errorText } from "./format";

type ReasonFormProps = {
  confirmLabel: string;
  pending?: boolean;
  /**
   * The refused call, e.g. a 423 for a visit locked meanwhile: its detail is shown above the
   * buttons, and a 422 on `reason` under the box.
   */
  error?: unknown;
  /** E.g. a stale-write notice with its Reload. */
  extra?: ReactNode;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

type Values = { reason: string };

/**
 * Asks why clinical data is changed before the change is sent. The rule and its words are the API's
 * `ReasonBody` (3 to 500 characters after trimming; docs/decisions/0020).
 */
export function ReasonForm({ confirmLabel, pending, error, extra, onConfirm, onCancel }: ReasonFormProps) {
  const id = useId();
  const t = useTranslations("patients.reason");
  const words = useWords();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, ReasonBody>({
    defaultValues: { reason: "" },
    resolver: schemaResolver<Values, ReasonBody>(ReasonBody),
  });
  const reason = useWatch({ control, name: "reason" });
  // A refusal is about the reason that was sent: the parent clears it when the next one is sent.
  const refused = error == null ? null : placeServerErrors(error, ["reason"], errorText(error));
  const problem = errors.reason?.message ?? refused?.fields.reason;
  const shownProblem = problem && words(problem);
  const boxId = `${id}-reason`;

  return (
    <form onSubmit={handleSubmit((body) => onConfirm(body.reason))} noValidate className="space-y-3">
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <div>
        <Label htmlFor={boxId}>{t("label")} *</Label>
        <textarea
          id={boxId}
          rows={3}
          {...register("reason")}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${boxId}-error` : ""}`}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {t("hint", { min: REASON_LIMITS.min, max: REASON_LIMITS.max, count: reason.trim().length })}
        </p>
        <FieldError id={boxId} error={shownProblem} />
      </div>
      {refused?.form && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {words(refused.form)}
        </div>
      )}
      {extra}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/** A reason on its own (e.g. unlocking a visit). Closing unmounts the form: it reopens empty. */
export function ReasonDialog({
  open,
  title,
  onClose,
  ...form
}: Omit<ReasonFormProps, "onCancel"> & { open: boolean; title: string; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <ReasonForm {...form} onCancel={onClose} />
    </Dialog>
  );
}
