"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { errorAt } from "@/components/forms/engine-resolver";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { useCreateContent, useUpdateContent } from "@/lib/client/contents";
import { schemaResolver } from "@/lib/client/schema-resolver";
import type { Placement } from "@/lib/contents/builder";
import type { Locale } from "@/lib/i18n/locales";
import {
  checkBlock,
  CONTENT_LIMITS,
  ContentBlockCreateBody,
  ContentBlockUpdateBody,
  EDITABLE_BLOCK_TYPES,
  type ContentBlock,
  type ContentBlockType,
} from "@/lib/schemas/contents";
import { ShownToSelect } from "./block-language";
import { BlockSettingsFields, type Settings } from "./block-settings-fields";
import { useContentWords } from "./content-words";
import { RichTextEditor } from "./rich-text-editor";

export type BlockFormTarget =
  { mode: "create"; placement: Placement } | { mode: "edit"; block: ContentBlock };

/** Types whose own settings hold their text: no main rich-text content. */
const WITHOUT_CONTENT = new Set<ContentBlockType>(["button", "columns"]);

const initialSettings = (type: ContentBlockType): Settings =>
  type === "columns"
    ? { layout: "2", columns: [] }
    : type === "card_grid"
      ? { cards: [{ title: "", description: "" }] }
      : type === "button"
        ? { url: "", style: "primary" }
        : type === "info_box"
          ? { variant: "info" }
          : {};

type Values = {
  type: ContentBlockType;
  title: string;
  html: string;
  settings: Settings;
  is_visible: boolean;
  language: Locale | null;
};
/** The paths a 422 can name that the form shows under a control. */
const FIELDS = [
  "title",
  "settings.url",
  "settings.file_url",
  "settings.layout",
  "settings.style",
  "settings.variant",
] as const;

/**
 * A block body schema of the API plus the per-type rules the contents service applies (checkBlock),
 * located as the server locates them; its output carries the normalised settings.
 */
function blockBodySchema<S extends typeof ContentBlockCreateBody | typeof ContentBlockUpdateBody>(
  body: S,
  type: ContentBlockType,
) {
  return body.transform((parsed, ctx) => {
    const checked = checkBlock(type, parsed.title, parsed.settings);
    if (!checked.ok) {
      for (const issue of checked.issues)
        ctx.addIssue({ code: "custom", path: issue.loc.slice(1), message: issue.msg });
      return z.NEVER;
    }
    return { ...parsed, settings: checked.settings };
  });
}

/**
 * The block form (spec §2): type (locked when editing), title, the type's inputs, rich text
 * (400 px), 'Shown to' (everyone or one language's readers, decision 0022), 'Visible to users', Cancel and Create/Update. The API's own body schema and per-type
 * rules (checkBlock) run before anything is sent (docs/decisions/0020).
 */
export function BlockFormDialog({
  studyId,
  target,
  onClose,
}: {
  studyId: number;
  target: BlockFormTarget;
  onClose: () => void;
}) {
  const t = useTranslations("contents");
  const words = useWords();
  const contentWords = useContentWords();
  const editing = target.mode === "edit" ? target.block : null;
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateContent(studyId);
  const update = useUpdateContent(studyId);
  const pending = create.isPending || update.isPending;
  const toBody = (values: Values) => ({
    title: values.title.trim() || null,
    content: WITHOUT_CONTENT.has(values.type) ? {} : { html: values.html },
    settings: values.settings,
    is_visible: values.is_visible,
    language: values.language,
    ...(target.mode === "create"
      ? {
          type: values.type,
          parent_id: target.placement.parentId,
          column_index: target.placement.columnIndex,
        }
      : {}),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<Values, unknown, ContentBlockCreateBody | ContentBlockUpdateBody>({
    defaultValues: {
      type: editing?.type ?? "text_block",
      title: editing?.title ?? "",
      html: editing?.content.html ?? "",
      settings: editing?.settings ?? initialSettings("text_block"),
      is_visible: editing?.is_visible ?? true,
      language: editing?.language ?? null,
    },
    // The schema depends on the chosen type: resolve with the one of the values being checked.
    resolver: (values, context, options) =>
      schemaResolver<Values, ContentBlockCreateBody | ContentBlockUpdateBody>(
        blockBodySchema(editing ? ContentBlockUpdateBody : ContentBlockCreateBody, values.type),
        toBody,
      )(values, context, options),
  });
  const [type, settings, html, language] = useWatch({
    control,
    name: ["type", "settings", "html", "language"],
  });
  const errorFor = (field: string) => {
    const text = errorAt(errors, `settings.${field}`);
    return text ? words(text) : undefined;
  };
  const titleError = errors.title?.message ? words(errors.title.message) : undefined;

  const submit = handleSubmit((body) => {
    setFormError(null);
    const onError = (error: unknown, fallback: string) =>
      setFormError(applyServerErrors(error, setError, FIELDS, fallback));
    if (editing) {
      update.mutate(
        { id: editing.id, body: body as ContentBlockUpdateBody },
        { onSuccess: onClose, onError: (e) => onError(e, t("messages.updateFailed")) },
      );
    } else {
      create.mutate(body as ContentBlockCreateBody, {
        onSuccess: onClose,
        onError: (e) => onError(e, t("messages.createFailed")),
      });
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? t("form.editTitle") : t("form.addTitle")}
      className="max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("form.cancel")}
          </Button>
          <Button type="submit" form="block-form" disabled={pending}>
            {pending ? t("form.saving") : editing ? t("form.update") : t("form.create")}
          </Button>
        </>
      }
    >
      <form id="block-form" noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {formError && <Alert>{words(formError)}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="block-type">{t("form.type")}</Label>
            <select
              id="block-type"
              className={CONTROL_CLASS}
              disabled={editing !== null}
              {...register("type", {
                onChange: (event: { target: { value: string } }) => {
                  setValue("settings", initialSettings(event.target.value as ContentBlockType));
                  clearErrors();
                },
              })}
            >
              {EDITABLE_BLOCK_TYPES.map((key) => (
                <option key={key} value={key}>
                  {contentWords.blockType(key)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="block-title">{type === "button" ? t("form.buttonText") : t("form.title")}</Label>
            <Input
              id="block-title"
              maxLength={CONTENT_LIMITS.title}
              {...register("title")}
              {...invalidProps("block-title", titleError)}
            />
            <FieldError id="block-title" error={titleError} />
          </div>
        </div>
        <BlockSettingsFields
          type={type}
          settings={settings}
          onChange={(next) => setValue("settings", next)}
          studyId={studyId}
          errorFor={errorFor}
        />
        {!WITHOUT_CONTENT.has(type) && (
          <div>
            <Label htmlFor="block-content">{t("form.content")}</Label>
            <RichTextEditor
              id="block-content"
              label={t("form.content")}
              value={html}
              onChange={(next) => setValue("html", next)}
            />
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <div>
            <Label htmlFor="block-language">{t("language.shownTo")}</Label>
            <ShownToSelect
              id="block-language"
              aria-describedby="block-language-hint"
              value={language}
              onChange={(next) => setValue("language", next)}
            />
            <p id="block-language-hint" className="mt-1 text-xs text-slate-600">
              {t("language.hint")}
            </p>
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800 sm:mt-7">
            <input type="checkbox" {...register("is_visible")} />
            {t("form.visible")}
          </label>
        </div>
      </form>
    </Dialog>
  );
}
