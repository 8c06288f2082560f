"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, type ReactNode } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useForm, useWatch } from "react-hook-form";
import { useContentLanguage } from "@/components/study-text/content-language";
import { StudyTextController } from "@/components/study-text/study-text-controller";
import { Dialog, SaveCancelFooter, saveOnEnter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { VisitTypeDocument } from "@/lib/schemas/study-config";
import type { StudyText } from "@/lib/schemas/study-text";
import { FieldError } from "@/components/ui/field-error";
import { schemaResolver } from "@/lib/client/schema-resolver";
import {
  draftToVisitType,
  emptyVisitTypeDraft,
  visitTypeEntrySchema,
  visitTypeToDraft,
  withoutAbsentKeys,
  type VisitTypeDraft,
} from "@/lib/study-editor/visit-types";
import { VisitTypeScheduleFields } from "@/components/schedule/visit-type-schedule-fields";

type Values = {
  code: string;
  label: StudyText;
  order: string;
  description: StudyText;
  day_offset: string;
  window_before: string;
  window_after: string;
};
const toValues = (draft: VisitTypeDraft): Values => ({
  ...draft,
  order: String(draft.order),
  description: draft.description ?? "",
  day_offset: String(draft.day_offset ?? ""),
  window_before: String(draft.window_before ?? ""),
  window_after: String(draft.window_after ?? ""),
});

export type VisitTypeDialogProps = {
  /** The entry being edited, or null to add one. */
  editing: VisitTypeDocument | null;
  visitTypes: VisitTypeDocument[];
  onSave: (visitType: VisitTypeDocument) => void;
  onClose: () => void;
};

/**
 * Add or edit one visit type. Mount it fresh for each opening (the parent renders it only while
 * open) so the draft starts from the entry, not from the last edit. No <form>: the study editor
 * may wrap its tabs in one, and nested forms are invalid HTML. The rules are the config's
 * `VisitTypeSchema` plus the list's own (`visitTypeEntrySchema`, docs/decisions/0020).
 */
export function VisitTypeDialog({ editing, visitTypes, onSave, onClose }: VisitTypeDialogProps) {
  const id = useId();
  const t = useTranslations("editorVisits");
  const words = useWords();
  const say = (text: string | undefined) => text && words(text);
  const language = useContentLanguage();
  const originalCode = editing?.code ?? null;
  const resolver = useMemo(
    () =>
      schemaResolver<Values, VisitTypeDocument>(visitTypeEntrySchema(visitTypes, originalCode), (values) =>
        draftToVisitType(values, language),
      ),
    [visitTypes, originalCode, language],
  );
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<Values, unknown, VisitTypeDocument>({
    defaultValues: toValues(editing ? visitTypeToDraft(editing) : emptyVisitTypeDraft(visitTypes)),
    resolver,
  });

  const save = () => void handleSubmit((entry) => onSave(withoutAbsentKeys(entry)))();

  const code = useWatch({ control, name: "code" });
  // Enter in a text box saves the dialog, and must not submit a form around the editor.
  const codeChanged = editing !== null && code.trim() !== editing.code;

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? t("edit") : t("add")}
      footer={<SaveCancelFooter onSave={save} onCancel={onClose} />}
    >
      <div className="grid gap-4" onKeyDown={saveOnEnter(save)}>
        <Row id={`${id}-code`} label={t("code")} error={say(errors.code?.message)} hint={t("codeHint")}>
          {(a11y) => <Input {...a11y} {...register("code")} autoComplete="off" />}
        </Row>
        {codeChanged && (
          // Visits store the code, so renaming it does not carry recorded visits along.
          <p className="-mt-2 text-sm text-amber-700">{t("codeKept", { code: editing.code })}</p>
        )}
        <StudyTextController
          control={control}
          name="label"
          id={`${id}-label`}
          label={t("label")}
          error={say(errors.label?.message)}
        />
        <Row id={`${id}-order`} label={t("order")} error={say(errors.order?.message)} hint={t("orderHint")}>
          {(a11y) => <Input {...a11y} type="number" min={1} step={1} {...register("order")} />}
        </Row>
        <VisitTypeScheduleFields
          id={id}
          register={register}
          errors={{
            day_offset: say(errors.day_offset?.message),
            window_before: say(errors.window_before?.message),
            window_after: say(errors.window_after?.message),
          }}
        />
        <StudyTextController
          control={control}
          name="description"
          id={`${id}-description`}
          label={t("description")}
          multiline
        />
      </div>
    </Dialog>
  );
}

type A11yProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A labelled control with its hint and its message, both tied to it for screen readers. */
function Row(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (a11y: A11yProps) => ReactNode;
}) {
  const { id, label, error, hint } = props;
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {props.children({
        id,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
