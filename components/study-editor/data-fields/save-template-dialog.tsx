"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { get, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, saveOnEnter } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { errorText, useCreateFieldTemplate } from "@/lib/client/field-templates";
import { schemaResolver } from "@/lib/client/schema-resolver";
import {
  FieldTemplateCreateBody,
  TEMPLATE_DEFAULT_CATEGORY,
  TEMPLATE_MESSAGES,
} from "@/lib/schemas/field-templates";
import type { DataFieldDocument } from "@/lib/schemas/study-config";
import { toTemplateField } from "@/lib/study-editor/data-fields";

/** The first message in a react-hook-form error tree (the selected fields' errors have no input here). */
function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  if ("message" in node && typeof node.message === "string" && node.message) return node.message;
  for (const [key, child] of Object.entries(node)) {
    if (key === "ref") continue; // the DOM element, not an error
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

type Values = { name: string; description: string; category: string; is_global: boolean };

/** Save as Template: the selected fields become a template (name required, at least one field). */
export function SaveTemplateDialog({
  open,
  fields,
  onSaved,
  onClose,
}: {
  open: boolean;
  fields: readonly DataFieldDocument[];
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const t = useTranslations("editorFields.saveTemplate");
  const tf = useTranslations("editorFields");
  const tc = useTranslations("common");
  const words = useWords();
  const say = (text: string | undefined) => text && words(text);
  const create = useCreateFieldTemplate();
  const [error, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, FieldTemplateCreateBody>({
    defaultValues: { name: "", description: "", category: "", is_global: true },
    // The API's own body schema (docs/decisions/0020): name required, at least one field.
    resolver: schemaResolver<Values, FieldTemplateCreateBody>(FieldTemplateCreateBody, (values) => ({
      ...values,
      description: values.description.trim() || null,
      category: values.category.trim() || null,
      fields: fields.map(toTemplateField),
    })),
  });
  // A problem with the selected fields (none, or one the API refuses) has no input of its own here.
  const fieldsProblem = say(firstMessage(get(errors, "fields")));

  const save = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await create.mutateAsync(body);
      reset();
      onSaved(words(TEMPLATE_MESSAGES.saved));
    } catch (e) {
      applyServerErrors(e, setError, ["name", "description", "category"], "");
      // Spec §8 wording, whatever field the server named.
      setFormError(t("failed", { detail: errorText(e) }));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={tf("saveAsTemplate")}
      description={t("description", {
        count: fields.length,
        labels: fields.map((f) => f.label).join(", ") || t("none"),
      })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tc("actions.cancel")}
          </Button>
          <Button onClick={() => void save()} disabled={create.isPending}>
            {create.isPending ? tc("states.saving") : t("save")}
          </Button>
        </>
      }
    >
      <div className="space-y-3" onKeyDown={saveOnEnter(() => void save())}>
        <div>
          <Label htmlFor={`${id}-name`}>{t("name")}</Label>
          <Input
            id={`${id}-name`}
            required
            {...register("name")}
            {...invalidProps(`${id}-name`, errors.name?.message)}
          />
          <FieldError id={`${id}-name`} error={say(errors.name?.message)} />
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>{t("descriptionLabel")}</Label>
          <Input
            id={`${id}-description`}
            {...register("description")}
            {...invalidProps(`${id}-description`, errors.description?.message)}
          />
          <FieldError id={`${id}-description`} error={say(errors.description?.message)} />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>{t("category")}</Label>
          <Input
            id={`${id}-category`}
            placeholder={TEMPLATE_DEFAULT_CATEGORY}
            {...register("category")}
            {...invalidProps(`${id}-category`, errors.category?.message)}
          />
          <FieldError id={`${id}-category`} error={say(errors.category?.message)} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register("is_global")} />
          {t("global")}
        </label>
        <FieldError id={`${id}-fields`} error={fieldsProblem} />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
