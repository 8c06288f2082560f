"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useContentLanguage, useStudyWords } from "@/components/study-text/content-language";
import { StudyTextController } from "@/components/study-text/study-text-controller";
import { StudyTextView } from "@/components/study-text/study-text-view";
import type { CategoryDocument, DataFieldDocument } from "@/lib/schemas/study-config";
import type { StudyText } from "@/lib/schemas/study-text";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { categoryRenameSchema } from "@/lib/study-editor/categories";
import type { Direction } from "@/lib/study-editor/order";
import { typedText } from "@/lib/study-editor/study-texts";
import { useEditorReadOnly } from "../editor-read-only";

export type CategoryItemProps = {
  category: CategoryDocument;
  /** The fields in this category, in order. */
  fields: DataFieldDocument[];
  isFirst: boolean;
  isLast: boolean;
  onMove: (direction: Direction) => void;
  onRename: (label: StudyText) => void;
  onDelete: () => void;
};

/**
 * One category: label, read-only code, field count, inline label edit, moves, delete, and a
 * collapsible list of its fields. The code is never editable here: fields point at it.
 */
export function CategoryItem({
  category,
  fields,
  isFirst,
  isLast,
  onMove,
  onRename,
  onDelete,
}: CategoryItemProps) {
  const t = useTranslations("editorFields.categories");
  const tc = useTranslations("common.actions");
  const readOnly = useEditorReadOnly();
  const words = useWords();
  const studyWords = useStudyWords();
  const language = useContentLanguage();
  // The label in the reader's words, for the buttons' names.
  const label = studyWords(category.label);
  const [editing, setEditing] = useState(false);
  // The rename resolves over the config's label rule (docs/decisions/0020), each language trimmed;
  // both languages are edited, so neither is lost (decision 0022).
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ label: StudyText }, unknown, { label: StudyText }>({
    defaultValues: { label: category.label },
    resolver: schemaResolver(categoryRenameSchema, (values) => ({
      label: typedText(values.label, language),
    })),
  });
  const error = errors.label?.message && words(errors.label.message);
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  // The inline edit opens on the label's first box (the study's default language).
  useEffect(() => {
    if (editing) document.getElementById(`${id}-label`)?.focus();
  }, [editing, id]);
  // After Save or Cancel the input goes away; put focus back on Edit rather than lose it to <body>.
  const refocusEdit = useRef(false);
  useEffect(() => {
    if (editing || !refocusEdit.current) return;
    refocusEdit.current = false;
    document.getElementById(`${id}-edit`)?.focus();
  }, [editing, id]);

  function stopEdit() {
    refocusEdit.current = true;
    setEditing(false);
  }

  function startEdit() {
    reset({ label: category.label });
    setEditing(true);
  }

  function save() {
    void handleSubmit(({ label }) => {
      onRename(label);
      stopEdit();
    })();
  }

  // Enter saves and Escape cancels; neither may reach a form around the editor.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      stopEdit();
    }
  }

  const count = t("count", { count: fields.length });
  const mono = (chunks: ReactNode) => <code className="font-mono">{chunks}</code>;

  return (
    <li className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 sm:px-4">
        {editing ? (
          <div className="min-w-48 flex-1">
            <div className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1" onKeyDown={onKeyDown}>
                <StudyTextController
                  control={control}
                  name="label"
                  id={`${id}-label`}
                  label={t("label")}
                  error={error}
                />
              </div>
              <Button className="px-3 py-1" onClick={save}>
                {tc("save")}
              </Button>
              <Button variant="secondary" className="px-3 py-1" onClick={stopEdit}>
                {tc("cancel")}
              </Button>
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {t.rich("codeLocked", { code: category.code, mono })}
            </p>
          </div>
        ) : (
          <div className="min-w-48 flex-1">
            <h3 className="font-medium text-slate-900">
              <StudyTextView text={category.label} />
            </h3>
            <p className="text-xs text-slate-500">{t.rich("codeShown", { code: category.code, mono })}</p>
          </div>
        )}
        <Badge tone="muted">{count}</Badge>
        <div className="flex flex-wrap gap-1">
          {!readOnly && (
            <>
              <Button
                variant="ghost"
                className="px-2"
                aria-label={t("moveUp", { label })}
                disabled={isFirst}
                onClick={() => onMove("up")}
              >
                <span aria-hidden="true">↑</span>
              </Button>
              <Button
                variant="ghost"
                className="px-2"
                aria-label={t("moveDown", { label })}
                disabled={isLast}
                onClick={() => onMove("down")}
              >
                <span aria-hidden="true">↓</span>
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            className="whitespace-nowrap px-2 py-1"
            aria-expanded={expanded}
            aria-controls={`${id}-fields`}
            aria-label={expanded ? t("hideFieldsLabel", { label }) : t("showFieldsLabel", { label })}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? t("hideFields") : t("showFields")}
          </Button>
          {!editing && !readOnly && (
            <Button
              id={`${id}-edit`}
              variant="secondary"
              className="px-3 py-1"
              aria-label={t("editLabel", { label })}
              onClick={startEdit}
            >
              {tc("edit")}
            </Button>
          )}
          {!readOnly && (
            <Button
              variant="destructive"
              className="px-3 py-1"
              aria-label={t("deleteLabel", { label })}
              data-delete-key={category.code}
              onClick={onDelete}
            >
              {tc("delete")}
            </Button>
          )}
        </div>
      </div>
      <div id={`${id}-fields`} hidden={!expanded} className="border-t border-slate-100 px-4 py-3">
        {fields.length === 0 ? (
          <p className="text-sm text-slate-500">{t("noFields")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {fields.map((field) => (
              <li key={field.name} className="flex gap-2">
                <StudyTextView className="text-slate-900" text={field.label} />
                <code className="font-mono text-xs text-slate-500">{field.name}</code>
                <span className="text-xs text-slate-500">({field.type})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
