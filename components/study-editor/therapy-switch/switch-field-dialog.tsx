"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { useWords } from "@/components/i18n/use-words";
import { get, useForm, useWatch } from "react-hook-form";
import { useContentLanguage, useStudyWords } from "@/components/study-text/content-language";
import { StudyTextController } from "@/components/study-text/study-text-controller";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog, SaveCancelFooter } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { THERAPY_SWITCH_FIELD_TYPES, type TherapySwitchFieldDocument } from "@/lib/schemas/study-config";
import { schemaResolver } from "@/lib/client/schema-resolver";
import {
  conditionTargets,
  draftToSwitchField,
  emptySwitchFieldDraft,
  switchFieldEntrySchema,
  switchFieldToDraft,
  type SwitchFieldDraft,
  type SwitchFieldErrors,
} from "@/lib/study-editor/therapy-switch";

/**
 * Add or edit one switch field; its name cannot change once created (spec §5). The rules are the
 * config's `TherapySwitchFieldSchema` plus the list's (`switchFieldEntrySchema`, docs/decisions/0020).
 */
export function SwitchFieldDialog({
  editing,
  fields,
  onSave,
  onClose,
}: {
  editing: TherapySwitchFieldDocument | null;
  fields: readonly TherapySwitchFieldDocument[];
  onSave: (field: TherapySwitchFieldDocument) => void;
  onClose: () => void;
}) {
  const id = useId();
  const t = useTranslations("editorVisits.switch");
  const words = useWords();
  const studyWords = useStudyWords();
  const language = useContentLanguage();
  const editingName = editing?.name ?? null;
  const resolver = useMemo(
    () =>
      schemaResolver<SwitchFieldDraft, TherapySwitchFieldDocument>(
        switchFieldEntrySchema(fields, editingName),
        (draft) => draftToSwitchField(draft, editingName, language),
      ),
    [fields, editingName, language],
  );
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<SwitchFieldDraft, unknown, TherapySwitchFieldDocument>({
    defaultValues: editing ? switchFieldToDraft(editing, language) : emptySwitchFieldDraft(),
    resolver,
  });
  const [name, type, conditionalField] = useWatch({ control, name: ["name", "type", "conditionalField"] });
  const targets = conditionTargets(fields, editingName ?? name.trim());
  const target = targets.find((f) => f.name === conditionalField);
  const save = () => void handleSubmit((entry) => onSave(entry))();

  // Name and label share one message; the options and the condition have theirs (schema paths).
  const shown: SwitchFieldErrors = {
    name: errors.label?.message ?? errors.name?.message,
    options: (get(errors, "options") as { message?: string } | undefined)?.message,
    conditional: (get(errors, "conditional_on") as { message?: string } | undefined)?.message,
  };
  const message = (key: keyof SwitchFieldErrors) => {
    const text = shown[key];
    return <FieldError id={`${id}-${key}`} error={text && words(text)} />;
  };
  const invalid = (key: keyof SwitchFieldErrors) => invalidProps(`${id}-${key}`, shown[key]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? t("editField") : t("addField")}
      footer={<SaveCancelFooter onSave={save} onCancel={onClose} />}
    >
      <div className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-name`}>{t("name")}</Label>
            <Input id={`${id}-name`} disabled={editing !== null} {...register("name")} {...invalid("name")} />
          </div>
          <div>
            <Label htmlFor={`${id}-type`}>{t("type")}</Label>
            <select id={`${id}-type`} className={CONTROL_CLASS} {...register("type")}>
              {THERAPY_SWITCH_FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
        </div>
        {/* The label in both languages (decision 0022); name and label share the message below. */}
        <StudyTextController control={control} name="label" id={`${id}-label`} label={t("label")} />
        {message("name")}
        <StudyTextController
          control={control}
          name="placeholder"
          id={`${id}-placeholder`}
          label={t("placeholder")}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register("required")} />
          {t("required")}
        </label>
        {type === "select" && (
          // Each language's lines, matched by value (lib/study-editor/therapy-switch.ts).
          <StudyTextController
            control={control}
            name="optionsText"
            id={`${id}-options`}
            label={t("options")}
            multiline
            error={shown.options && words(shown.options)}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-cond-field`}>{t("conditional")}</Label>
            <select
              id={`${id}-cond-field`}
              className={CONTROL_CLASS}
              {...register("conditionalField", { onChange: () => setValue("conditionalValue", "") })}
              {...invalid("conditional")}
            >
              <option value="">{t("noCondition")}</option>
              {targets.map((f) => (
                <option key={f.name} value={f.name}>
                  {studyWords(f.label)}
                </option>
              ))}
            </select>
          </div>
          {target && (
            <div>
              <Label htmlFor={`${id}-cond-value`}>{t("value")}</Label>
              <select id={`${id}-cond-value`} className={CONTROL_CLASS} {...register("conditionalValue")}>
                <option value="">{t("select")}</option>
                {(target.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {studyWords(o.label)}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {message("conditional")}
      </div>
    </Dialog>
  );
}
