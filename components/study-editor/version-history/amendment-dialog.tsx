"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { ProtocolVersionCreateBody, todayIso } from "@/lib/schemas/protocol-versions";

/** What the dialog asks for: the API's create body without the configuration the tab adds. */
export const AmendmentBody = ProtocolVersionCreateBody.pick({
  amendment_reason: true,
  effective_from: true,
  version_label: true,
});
export type AmendmentBody = typeof AmendmentBody._output;

type Values = { amendment_reason: string; effective_from: string; version_label: string };
const FIELDS = ["amendment_reason", "effective_from", "version_label"] as const;

/**
 * The create-amendment modal: the reason and the effective date are required (the date defaults to
 * today, spec §5); the amendment holds the editor's current configuration. The rules and messages
 * are the API's create body (docs/decisions/0020); `onCreate` sends it and throws when refused: a
 * 422 about these fields stays in the dialog under them, any other refusal goes to `onFailed`.
 */
export function AmendmentDialog({
  nextNumber,
  pending,
  onCreate,
  onFailed,
  onClose,
}: {
  nextNumber: number;
  pending: boolean;
  onCreate: (body: AmendmentBody) => Promise<void>;
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
  } = useForm<Values, unknown, AmendmentBody>({
    defaultValues: { amendment_reason: "", effective_from: todayIso(), version_label: "" },
    resolver: schemaResolver<Values, AmendmentBody>(AmendmentBody, (values) => ({
      amendment_reason: values.amendment_reason,
      // An empty date input is no date: the schema's "Effective date is required".
      effective_from: values.effective_from || undefined,
      version_label: values.version_label.trim() || undefined,
    })),
  });

  const create = handleSubmit(async (body) => {
    setSubmitting(true);
    try {
      await onCreate(body);
    } catch (error) {
      const rest = applyServerErrors(error, setError, FIELDS, error instanceof Error ? error.message : "");
      if (rest !== null) onFailed(rest);
    } finally {
      setSubmitting(false);
    }
  });

  const message = (key: keyof Values) => {
    const text = errors[key]?.message;
    return text && words(text);
  };
  const field = (key: keyof Values, inputId: string) => ({
    ...register(key),
    ...invalidProps(inputId, message(key)),
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("createAmendment")}
      description={t("amendment.description", { number: nextNumber })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tc("cancel")}
          </Button>
          <Button onClick={() => void create()} disabled={pending || submitting}>
            {pending ? t("amendment.creating") : t("createAmendment")}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <div>
          <Label htmlFor={`${id}-reason`}>{t("amendment.reason")}</Label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            className={CONTROL_CLASS}
            {...field("amendment_reason", `${id}-reason`)}
          />
          <FieldError id={`${id}-reason`} error={message("amendment_reason")} />
        </div>
        <div>
          <Label htmlFor={`${id}-from`}>{t("amendment.effectiveFrom")}</Label>
          <Input id={`${id}-from`} type="date" {...field("effective_from", `${id}-from`)} />
          <FieldError id={`${id}-from`} error={message("effective_from")} />
        </div>
        <div>
          <Label htmlFor={`${id}-label`}>{t("amendment.versionLabel")}</Label>
          <Input
            id={`${id}-label`}
            placeholder={t("amendment.versionLabelPlaceholder")}
            {...field("version_label", `${id}-label`)}
          />
          <FieldError id={`${id}-label`} error={message("version_label")} />
        </div>
      </div>
    </Dialog>
  );
}
