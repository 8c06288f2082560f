"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { useWords } from "@/components/i18n/use-words";
import { get, useForm, useWatch } from "react-hook-form";
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
  const editingName = editing?.name ?? null;
  const resolver = useMemo(
    () =>
      schemaResolver<SwitchFieldDraft, TherapySwitchFieldDocument>(
        switchFieldEntrySchema(fields, editingName),
        (draft) => draftToSwitchField(draft, editingName),
      ),
    [fields, editingName],
  );
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<SwitchFieldDraft, unknown, TherapySwitchFieldDocument>({
    defaultValues: editing ? switchFieldToDraft(editing) : emptySwitchFieldDraft(),
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
            <Label htmlFor={`${id}-label`}>{t("label")}</Label>
            <Input id={`${id}-label`} {...register("label")} />
          </div>
        </div>
        {message("name")}
        <div className="grid gap-4 sm:grid-cols-2">
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
          <div>
            <Label htmlFor={`${id}-placeholder`}>{t("placeholder")}</Label>
            <Input id={`${id}-placeholder`} {...register("placeholder")} />
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register("required")} />
          {t("required")}
        </label>
        {type === "select" && (
          <div>
            <Label htmlFor={`${id}-options`}>{t("options")}</Label>
            <textarea
              id={`${id}-options`}
              rows={4}
              className={CONTROL_CLASS}
              {...register("optionsText")}
              {...invalid("options")}
            />
            {message("options")}
          </div>
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
                  {f.label}
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
                    {o.label}
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
