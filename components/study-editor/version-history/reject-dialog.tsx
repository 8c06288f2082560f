"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { ProtocolVersionApproveBody } from "@/lib/schemas/protocol-versions";

type Values = { rejection_reason: string };

/**
 * Rejecting a draft needs its reason (spec §4: approved false plus rejection_reason). The rule and
 * its message are the API's decision body (docs/decisions/0020); `onReject` sends it and throws when
 * refused: a 422 on the reason stays under it, any other refusal goes to `onFailed`.
 */
export function RejectDialog({
  versionNumber,
  onReject,
  onFailed,
  onClose,
}: {
  versionNumber: number;
  onReject: (body: ProtocolVersionApproveBody) => Promise<void>;
  onFailed: (message: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const t = useTranslations("editorVersions");
  const tc = useTranslations("common.actions");
  const words = useWords();
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, ProtocolVersionApproveBody>({
    defaultValues: { rejection_reason: "" },
    resolver: schemaResolver<Values, ProtocolVersionApproveBody>(ProtocolVersionApproveBody, (values) => ({
      approved: false,
      rejection_reason: values.rejection_reason.trim() || null,
    })),
  });
  const error = errors.rejection_reason?.message && words(errors.rejection_reason.message);

  const reject = handleSubmit(async (body) => {
    setSubmitting(true);
    try {
      await onReject(body);
    } catch (failure) {
      const rest = applyServerErrors(
        failure,
        setError,
        ["rejection_reason"],
        failure instanceof Error ? failure.message : "",
      );
      if (rest !== null) onFailed(rest);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("rejectTitle", { number: versionNumber })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" onClick={() => void reject()} disabled={submitting}>
            {t("reject")}
          </Button>
        </>
      }
    >
      <Label htmlFor={`${id}-reason`}>{t("rejectionReason")}</Label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        className={CONTROL_CLASS}
        {...register("rejection_reason")}
        {...invalidProps(`${id}-reason`, error)}
      />
      <FieldError id={`${id}-reason`} error={error} />
    </Dialog>
  );
}
