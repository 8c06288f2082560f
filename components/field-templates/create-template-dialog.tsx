"use client";

import { useTranslations } from "next-intl";
import { useStudyWords } from "@/components/study-text/content-language";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { errorText, useCreateFieldTemplate } from "@/lib/client/field-templates";
import { schemaResolver } from "@/lib/client/schema-resolver";
import {
  FieldTemplateCreateBody,
  TEMPLATE_FIELD_TYPES,
  newTemplateField,
  type TemplateField,
} from "@/lib/schemas/field-templates";

type Values = {
  name: string;
  description: string;
  category: string;
  is_global: boolean;
  fields: TemplateField[];
};

/** The form's values as the API's body: empty description and category are sent as none. */
const toBody = (values: Values) => ({
  ...values,
  description: values.description.trim() || null,
  category: values.category.trim() || null,
});

/**
 * Create Template: name (required), description, category, Global, and a list of fields. The
 * fields are checked by the API's own body schema (docs/decisions/0020): a field name the server
 * would refuse is marked under that field before anything is sent.
 */
export function CreateTemplateDialog({
  canCreateGlobal,
  onClose,
  onCreated,
}: {
  canCreateGlobal: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useTranslations("templates.dialog");
  const studyWords = useStudyWords();
  const tTypes = useTranslations("templates.fieldTypes");
  const words = useWords();
  const id = useId();
  const create = useCreateFieldTemplate();
  const [error, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<Values, unknown, FieldTemplateCreateBody>({
    defaultValues: { name: "", description: "", category: "", is_global: canCreateGlobal, fields: [] },
    resolver: schemaResolver<Values, FieldTemplateCreateBody>(FieldTemplateCreateBody, toBody),
  });
  const fields = useFieldArray({ control, name: "fields" });
  // Spec §2: Create is disabled without a name or with zero fields.
  const [name, listed] = useWatch({ control, name: ["name", "fields"] });
  const canCreate = name.trim() !== "" && fields.fields.length > 0 && !create.isPending;
  const fieldPaths = fields.fields.flatMap((_, i) => [
    `fields.${i}.name` as const,
    `fields.${i}.label` as const,
    `fields.${i}.type` as const,
  ]);

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await create.mutateAsync(body);
      onCreated();
    } catch (e) {
      applyServerErrors(e, setError, ["name", "description", "category", "fields", ...fieldPaths], "");
      // Spec §8 wording, whatever field the server named.
      setFormError(t("createFailed", { detail: errorText(e) }));
    }
  });

  const inWords = (text: string | undefined) => (text ? words(text) : undefined);
  const nameError = inWords(errors.name?.message);
  const listError = inWords(errors.fields?.message ?? errors.fields?.root?.message);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("title")}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button onClick={() => void submit()} disabled={!canCreate}>
            {create.isPending ? t("creating") : t("create")}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <div>
          <Label htmlFor={`${id}-name`}>{t("name")}</Label>
          <Input
            id={`${id}-name`}
            required
            {...register("name")}
            {...invalidProps(`${id}-name`, nameError)}
          />
          <FieldError id={`${id}-name`} error={nameError} />
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>{t("description")}</Label>
          <textarea
            id={`${id}-description`}
            rows={2}
            className={CONTROL_CLASS}
            {...register("description")}
            {...invalidProps(`${id}-description`, inWords(errors.description?.message))}
          />
          <FieldError id={`${id}-description`} error={inWords(errors.description?.message)} />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>{t("category")}</Label>
          <Input
            id={`${id}-category`}
            placeholder={t("categoryPlaceholder")}
            {...register("category")}
            {...invalidProps(`${id}-category`, inWords(errors.category?.message))}
          />
          <FieldError id={`${id}-category`} error={inWords(errors.category?.message)} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" disabled={!canCreateGlobal} {...register("is_global")} />
          {t("global")}
          {!canCreateGlobal && <span className="text-xs text-slate-500">{t("globalAdminsOnly")}</span>}
        </label>
        <div>
          <div className="mb-2 flex items-center justify-between">
            <h3 className="text-sm font-medium text-slate-700">
              {t("fields", { count: fields.fields.length })}
            </h3>
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs"
              onClick={() => fields.append(newTemplateField(getValues("fields"), getValues("category")))}
            >
              {t("addField")}
            </Button>
          </div>
          {fields.fields.length === 0 ? (
            <p className="text-sm text-slate-500">{t("noFields")}</p>
          ) : (
            <ul className="space-y-2">
              {fields.fields.map((f, i) => {
                const fieldErrors = errors.fields?.[i];
                const inputId = (key: string) => `${id}-f${i}-${key}`;
                return (
                  <li
                    key={f.id}
                    aria-label={t("fieldLabel", { number: i + 1 })}
                    className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
                  >
                    <div>
                      <Label htmlFor={inputId("name")}>{t("fieldName")}</Label>
                      <Input
                        id={inputId("name")}
                        className="font-mono"
                        {...register(`fields.${i}.name`)}
                        {...invalidProps(inputId("name"), inWords(fieldErrors?.name?.message))}
                      />
                      <FieldError id={inputId("name")} error={inWords(fieldErrors?.name?.message)} />
                    </div>
                    <div>
                      <Label htmlFor={inputId("label")}>{t("label")}</Label>
                      <Input
                        id={inputId("label")}
                        {...register(`fields.${i}.label`)}
                        {...invalidProps(inputId("label"), inWords(fieldErrors?.label?.message))}
                      />
                      <FieldError id={inputId("label")} error={inWords(fieldErrors?.label?.message)} />
                    </div>
                    <div>
                      <Label htmlFor={inputId("type")}>{t("type")}</Label>
                      <select
                        id={inputId("type")}
                        className={CONTROL_CLASS}
                        {...register(`fields.${i}.type`)}
                        {...invalidProps(inputId("type"), inWords(fieldErrors?.type?.message))}
                      >
                        {TEMPLATE_FIELD_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {tTypes(type)}
                          </option>
                        ))}
                      </select>
                      <FieldError id={inputId("type")} error={inWords(fieldErrors?.type?.message)} />
                    </div>
                    <Button
                      variant="destructive"
                      className="px-2 py-1 text-xs"
                      aria-label={t("removeLabel", { name: studyWords(listed[i]?.label) || i + 1 })}
                      onClick={() => fields.remove(i)}
                    >
                      {t("remove")}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <FieldError id={`${id}-fields`} error={listError} />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
