"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useForm } from "react-hook-form";
import { useContentLanguage } from "@/components/study-text/content-language";
import { StudyTextController } from "@/components/study-text/study-text-controller";
import { Dialog, SaveCancelFooter, saveOnEnter } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { schemaResolver } from "@/lib/client/schema-resolver";
import type { CategoryDocument, FieldEntity } from "@/lib/schemas/study-config";
import {
  categoryDraftToEntry,
  categoryEntrySchema,
  normalizeCategoryCode,
  type CategoryDraft,
} from "@/lib/study-editor/categories";

export type CategoryDialogProps = {
  entity: FieldEntity;
  categories: CategoryDocument[];
  onSave: (draft: CategoryDraft) => void;
  onClose: () => void;
};

/**
 * Adds a category to one entity. The code is normalized as it is typed, so what the user sees is
 * what is stored. Mounted only while open, so each opening starts empty. The rules are the
 * config's, per entry (`categoryEntrySchema`, docs/decisions/0020), each message under its box.
 */
export function CategoryDialog({ entity, categories, onSave, onClose }: CategoryDialogProps) {
  const id = useId();
  const t = useTranslations("editorFields.categories");
  const words = useWords();
  const language = useContentLanguage();
  const resolver = useMemo(
    () =>
      schemaResolver<CategoryDraft, CategoryDraft>(categoryEntrySchema(categories, entity), (draft) =>
        categoryDraftToEntry(draft, language),
      ),
    [categories, entity, language],
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CategoryDraft, unknown, CategoryDraft>({ defaultValues: { code: "", label: "" }, resolver });
  const save = () => void handleSubmit((entry) => onSave(entry))();
  const codeError = errors.code?.message && words(errors.code.message);
  const labelError = errors.label?.message && words(errors.label.message);

  // Enter saves, and must not submit a form the study editor may have around its tabs.
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("add")}
      description={entity === "patient" ? t("patientDescription") : t("visitDescription")}
      footer={<SaveCancelFooter onSave={save} onCancel={onClose} />}
    >
      <div className="grid gap-4" onKeyDown={saveOnEnter(save)}>
        <div>
          <Label htmlFor={`${id}-code`}>{t("code")}</Label>
          <Input
            id={`${id}-code`}
            {...register("code", {
              // What is kept is what is shown: normalized on every keystroke.
              setValueAs: normalizeCategoryCode,
              onChange: ({ target }: { target: HTMLInputElement }) => {
                target.value = normalizeCategoryCode(target.value);
              },
            })}
            {...invalidProps(`${id}-code`, codeError)}
            aria-describedby={[codeError && `${id}-code-error`, `${id}-code-hint`].filter(Boolean).join(" ")}
            autoComplete="off"
          />
          <p id={`${id}-code-hint`} className="mt-1 text-xs text-slate-500">
            {t("codeHint")}
          </p>
          <FieldError id={`${id}-code`} error={codeError} />
        </div>
        <StudyTextController
          control={control}
          name="label"
          id={`${id}-label`}
          label={t("label")}
          error={labelError}
        />
      </div>
    </Dialog>
  );
}
