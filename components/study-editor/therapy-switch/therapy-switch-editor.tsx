"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useStudyWords } from "@/components/study-text/content-language";
import { StudyTextInput } from "@/components/study-text/study-text-input";
import { StudyTextView } from "@/components/study-text/study-text-view";
import type { TherapySwitchConfigDocument, TherapySwitchFieldDocument } from "@/lib/schemas/study-config";
import { SwitchFieldDialog } from "./switch-field-dialog";
import { SwitchPreview } from "./switch-preview";
import { ReadOnlyFields, useEditorReadOnly } from "../editor-read-only";

type DialogState = { editing: TherapySwitchFieldDocument | null } | null;

/**
 * The Therapy Switch tab (spec §2, §4, §5): enable the follow-up visits' prompt, word it, and edit
 * the switch fields; prompt and fields appear only while enabled. The live preview beside it is the
 * add-visit dialog's own prompt and form.
 */
export function TherapySwitchEditor({
  config,
  onChange,
}: {
  config: TherapySwitchConfigDocument;
  onChange: (next: TherapySwitchConfigDocument) => void;
}) {
  const id = useId();
  const t = useTranslations("editorVisits.switch");
  const tc = useTranslations("common.actions");
  const readOnly = useEditorReadOnly();
  const words = useStudyWords();
  const [dialog, setDialog] = useState<DialogState>(null);
  const fields = config.switch_fields;

  function save(field: TherapySwitchFieldDocument) {
    const editing = dialog?.editing;
    onChange({
      ...config,
      switch_fields: editing ? fields.map((f) => (f.name === editing.name ? field : f)) : [...fields, field],
    });
    setDialog(null);
  }

  function remove(field: TherapySwitchFieldDocument) {
    if (!window.confirm(t("deleteConfirm", { label: words(field.label) }))) return;
    onChange({ ...config, switch_fields: fields.filter((f) => f.name !== field.name) });
  }

  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <section aria-labelledby={`${id}-heading`} className="min-w-0 flex-1 space-y-4">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {t("heading")}
        </h2>
        <ReadOnlyFields>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={config.enabled}
              onChange={(e) => onChange({ ...config, enabled: e.target.checked })}
            />
            {t("enable")}
          </label>
        </ReadOnlyFields>
        {config.enabled && (
          <>
            <ReadOnlyFields>
              <StudyTextInput
                id={`${id}-prompt`}
                label={t("prompt")}
                value={config.prompt_message}
                onChange={(prompt_message) => onChange({ ...config, prompt_message })}
              />
            </ReadOnlyFields>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-800">{t("fieldsHeading")}</h3>
              {!readOnly && <Button onClick={() => setDialog({ editing: null })}>{t("addField")}</Button>}
            </div>
            {fields.length === 0 ? (
              <p className="text-sm text-slate-600">{t("noFields")}</p>
            ) : (
              <ul className="space-y-2">
                {fields.map((field) => (
                  <li
                    key={field.name}
                    aria-label={words(field.label)}
                    className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
                  >
                    <div className="min-w-0">
                      <p className="font-medium">
                        <StudyTextView text={field.label} />
                        {field.required ? " *" : ""}{" "}
                        <span className="font-mono text-xs text-slate-500">{field.name}</span>
                      </p>
                      <p className="text-xs text-slate-600">
                        {field.type}
                        {field.conditional_on
                          ? t("conditionalOn", {
                              field: field.conditional_on.field,
                              value: field.conditional_on.value,
                            })
                          : ""}
                      </p>
                    </div>
                    {!readOnly && (
                      <div className="flex gap-2">
                        <Button variant="secondary" onClick={() => setDialog({ editing: field })}>
                          {tc("edit")}
                        </Button>
                        <Button variant="destructive" onClick={() => remove(field)}>
                          {tc("delete")}
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      {config.enabled && <SwitchPreview config={config} />}
      {dialog && (
        <SwitchFieldDialog
          editing={dialog.editing}
          fields={fields}
          onSave={save}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
