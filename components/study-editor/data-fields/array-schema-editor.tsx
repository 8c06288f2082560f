"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useForm, useWatch } from "react-hook-form";
import { useStudyWords } from "@/components/study-text/content-language";
import { StudyTextController } from "@/components/study-text/study-text-controller";
import { StudyTextView } from "@/components/study-text/study-text-view";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { schemaResolver } from "@/lib/client/schema-resolver";
import type { SubFieldDocument } from "@/lib/schemas/study-config";
import {
  OPTION_FIELD_TYPES,
  SUB_FIELD_TYPES,
  emptySubFieldDraft,
  putSubField,
  removeSubField,
  subFieldDraft,
  subFieldDraftToEntry,
  subFieldEntrySchema,
  withoutUndefined,
  type SubFieldDraft,
  type SubFieldEntry,
} from "@/lib/study-editor/data-fields";
import { useEditorReadOnly } from "../editor-read-only";

export type ArraySchemaEditorProps = {
  /** Used in accessible names ("Sub-fields of Lesions"). */
  fieldLabel: string;
  schema: Record<string, SubFieldDocument>;
  onChange: (next: Record<string, SubFieldDocument>) => void;
};

/** null: no session; editing null: adding; a name: editing that sub-field. */
type Session = { editing: string | null; key: number } | null;

/**
 * The sub-fields of an array field (each row of the array has them). One add or edit session at a
 * time: while one is open, the other Add and Edit buttons are disabled.
 */
export function ArraySchemaEditor({ fieldLabel, schema, onChange }: ArraySchemaEditorProps) {
  const t = useTranslations("editorFields.subFields");
  const tc = useTranslations("common.actions");
  const readOnly = useEditorReadOnly();
  const [session, setSession] = useState<Session>(null);
  const studyWords = useStudyWords();
  const entries = Object.entries(schema);

  // Each opening mounts a fresh form (its key), so it starts from the sub-field it edits.
  const open = (editing: string | null) => setSession((s) => ({ editing, key: (s?.key ?? 0) + 1 }));

  function remove(name: string) {
    if (!window.confirm(t("deleteConfirm", { label: studyWords(schema[name]?.label) || name }))) return;
    onChange(removeSubField(schema, name));
  }

  return (
    <section
      aria-label={t("region", { label: fieldLabel })}
      className="rounded-md border border-slate-200 p-3"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 className="text-sm font-medium text-slate-700">{t("heading", { count: entries.length })}</h4>
        {!readOnly && (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            disabled={session !== null}
            onClick={() => open(null)}
          >
            {t("add")}
          </Button>
        )}
      </div>
      {entries.length === 0 && !session && <p className="text-sm text-slate-500">{t("empty")}</p>}
      {entries.length > 0 && (
        <ul className="mb-2 divide-y divide-slate-100 text-sm">
          {entries.map(([name, sub]) => (
            <li key={name} className="flex flex-wrap items-center gap-2 py-1.5">
              <StudyTextView className="font-medium text-slate-900" text={sub.label} />
              <code className="font-mono text-xs text-slate-500">{name}</code>
              <span className="text-xs text-slate-500">({sub.type})</span>
              {sub.options && (
                <span className="text-xs text-slate-500">
                  {sub.options.map((o) => studyWords(o.label)).join(", ")}
                </span>
              )}
              {!readOnly && (
                <span className="ml-auto flex gap-1">
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    aria-label={t("editLabel", { label: studyWords(sub.label) })}
                    disabled={session !== null}
                    onClick={() => open(name)}
                  >
                    {tc("edit")}
                  </Button>
                  <Button
                    variant="destructive"
                    className="px-2 py-1 text-xs"
                    aria-label={t("deleteLabel", { label: studyWords(sub.label) })}
                    disabled={session !== null}
                    onClick={() => remove(name)}
                  >
                    {tc("delete")}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {session && (
        <SubFieldForm
          key={session.key}
          schema={schema}
          editing={session.editing}
          onSave={({ name, ...subField }) => {
            onChange(putSubField(schema, session.editing, name, withoutUndefined(subField)));
            setSession(null);
          }}
          onCancel={() => setSession(null)}
        />
      )}
    </section>
  );
}

/**
 * One add or edit session of a sub-field, checked by `subFieldEntrySchema` (the config's sub-field
 * rules; docs/decisions/0020) with each message under its box.
 */
function SubFieldForm({
  schema,
  editing,
  onSave,
  onCancel,
}: {
  schema: Record<string, SubFieldDocument>;
  editing: string | null;
  onSave: (entry: SubFieldEntry) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const t = useTranslations("editorFields.subFields");
  const tc = useTranslations("common.actions");
  const words = useWords();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<SubFieldDraft, unknown, SubFieldEntry>({
    defaultValues: editing === null ? emptySubFieldDraft() : subFieldDraft(editing, schema[editing]!),
    resolver: schemaResolver<SubFieldDraft, SubFieldEntry>(
      subFieldEntrySchema(schema, editing),
      subFieldDraftToEntry,
    ),
  });
  const type = useWatch({ control, name: "type" });
  const box = (key: "name" | "max") => ({
    id: `${id}-${key}`,
    ...invalidProps(`${id}-${key}`, errors[key]?.message),
  });
  const message = (key: "name" | "label" | "max") => {
    const text = errors[key]?.message;
    return <FieldError id={`${id}-${key}`} error={text && words(text)} />;
  };
  const save = () => void handleSubmit(onSave)();

  return (
    <div
      role="group"
      aria-label={editing === null ? t("newGroup") : t("editGroup", { name: editing })}
      className="space-y-2 rounded-md bg-slate-50 p-3"
    >
      <StudyTextController
        control={control}
        name="label"
        id={`${id}-label`}
        label={t("label")}
        error={errors.label?.message && words(errors.label.message)}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>{t("name")}</Label>
          <Input {...box("name")} {...register("name")} />
          {message("name")}
        </div>
        <div>
          <Label htmlFor={`${id}-type`}>{t("type")}</Label>
          <select id={`${id}-type`} className={CONTROL_CLASS} {...register("type")}>
            {SUB_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
      </div>
      {OPTION_FIELD_TYPES.has(type) && (
        <div>
          <Label htmlFor={`${id}-options`}>{t("options")}</Label>
          <textarea id={`${id}-options`} rows={3} className={CONTROL_CLASS} {...register("optionsText")} />
        </div>
      )}
      {type === "number" && (
        <div className="grid grid-cols-2 gap-2">
          <div>
            <Label htmlFor={`${id}-min`}>{t("min")}</Label>
            <Input id={`${id}-min`} type="number" step="any" {...register("min")} />
          </div>
          <div>
            <Label htmlFor={`${id}-max`}>{t("max")}</Label>
            <Input {...box("max")} type="number" step="any" {...register("max")} />
            {message("max")}
          </div>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register("required")} />
        {t("required")}
      </label>
      <div className="flex gap-2">
        <Button className={cn("px-3 py-1")} onClick={save}>
          {editing === null ? t("addButton") : t("update")}
        </Button>
        <Button variant="secondary" className="px-3 py-1" onClick={onCancel}>
          {tc("cancel")}
        </Button>
      </div>
    </div>
  );
}
