"use client";

import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { schemaResolver } from "@/lib/client/schema-resolver";
import type { SubField } from "@/lib/schemas/study-config";
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

export type ArraySchemaEditorProps = {
  /** Used in accessible names ("Sub-fields of Lesions"). */
  fieldLabel: string;
  schema: Record<string, SubField>;
  onChange: (next: Record<string, SubField>) => void;
};

/** null: no session; editing null: adding; a name: editing that sub-field. */
type Session = { editing: string | null; key: number } | null;

/**
 * The sub-fields of an array field (each row of the array has them). One add or edit session at a
 * time: while one is open, the other Add and Edit buttons are disabled.
 */
export function ArraySchemaEditor({ fieldLabel, schema, onChange }: ArraySchemaEditorProps) {
  const [session, setSession] = useState<Session>(null);
  const entries = Object.entries(schema);

  // Each opening mounts a fresh form (its key), so it starts from the sub-field it edits.
  const open = (editing: string | null) => setSession((s) => ({ editing, key: (s?.key ?? 0) + 1 }));

  function remove(name: string) {
    if (!window.confirm(`Delete sub-field "${schema[name]?.label ?? name}"?`)) return;
    onChange(removeSubField(schema, name));
  }

  return (
    <section aria-label={`Sub-fields of ${fieldLabel}`} className="rounded-md border border-slate-200 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 className="text-sm font-medium text-slate-700">Sub-fields ({entries.length})</h4>
        <Button
          variant="secondary"
          className="px-2 py-1 text-xs"
          disabled={session !== null}
          onClick={() => open(null)}
        >
          Add Sub-field
        </Button>
      </div>
      {entries.length === 0 && !session && <p className="text-sm text-slate-500">No sub-fields yet.</p>}
      {entries.length > 0 && (
        <ul className="mb-2 divide-y divide-slate-100 text-sm">
          {entries.map(([name, sub]) => (
            <li key={name} className="flex flex-wrap items-center gap-2 py-1.5">
              <span className="font-medium text-slate-900">{sub.label}</span>
              <code className="font-mono text-xs text-slate-500">{name}</code>
              <span className="text-xs text-slate-500">({sub.type})</span>
              {sub.options && (
                <span className="text-xs text-slate-500">{sub.options.map((o) => o.label).join(", ")}</span>
              )}
              <span className="ml-auto flex gap-1">
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  aria-label={`Edit sub-field ${sub.label}`}
                  disabled={session !== null}
                  onClick={() => open(name)}
                >
                  Edit
                </Button>
                <Button
                  variant="destructive"
                  className="px-2 py-1 text-xs"
                  aria-label={`Delete sub-field ${sub.label}`}
                  disabled={session !== null}
                  onClick={() => remove(name)}
                >
                  Delete
                </Button>
              </span>
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
  schema: Record<string, SubField>;
  editing: string | null;
  onSave: (entry: SubFieldEntry) => void;
  onCancel: () => void;
}) {
  const id = useId();
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
  const box = (key: "name" | "label" | "max") => ({
    id: `${id}-${key}`,
    ...invalidProps(`${id}-${key}`, errors[key]?.message),
  });
  const message = (key: "name" | "label" | "max") => (
    <FieldError id={`${id}-${key}`} error={errors[key]?.message} />
  );
  const save = () => void handleSubmit(onSave)();

  return (
    <div
      role="group"
      aria-label={editing === null ? "New sub-field" : `Edit sub-field ${editing}`}
      className="space-y-2 rounded-md bg-slate-50 p-3"
    >
      <div className="grid gap-2 sm:grid-cols-3">
        <div>
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input {...box("name")} {...register("name")} />
          {message("name")}
        </div>
        <div>
          <Label htmlFor={`${id}-label`}>Label</Label>
          <Input {...box("label")} {...register("label")} />
          {message("label")}
        </div>
        <div>
          <Label htmlFor={`${id}-type`}>Type</Label>
          <select id={`${id}-type`} className={CONTROL_CLASS} {...register("type")}>
            {SUB_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
      </div>
      {OPTION_FIELD_TYPES.has(type) && (
        <div>
          <Label htmlFor={`${id}-options`}>Options (one per line)</Label>
          <textarea id={`${id}-options`} rows={3} className={CONTROL_CLASS} {...register("optionsText")} />
        </div>
      )}
      {type === "number" && (
        <div className="grid grid-cols-2 gap-2">
          <div>
            <Label htmlFor={`${id}-min`}>Min</Label>
            <Input id={`${id}-min`} type="number" step="any" {...register("min")} />
          </div>
          <div>
            <Label htmlFor={`${id}-max`}>Max</Label>
            <Input {...box("max")} type="number" step="any" {...register("max")} />
            {message("max")}
          </div>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register("required")} />
        Required
      </label>
      <div className="flex gap-2">
        <Button className={cn("px-3 py-1")} onClick={save}>
          {editing === null ? "Add" : "Update"}
        </Button>
        <Button variant="secondary" className="px-3 py-1" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
