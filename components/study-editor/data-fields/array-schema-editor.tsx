"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { SubField } from "@/lib/schemas/study-config";
import {
  OPTION_FIELD_TYPES,
  SUB_FIELD_TYPES,
  buildSubField,
  emptySubFieldDraft,
  putSubField,
  removeSubField,
  subFieldDraft,
  type SubFieldDraft,
} from "@/lib/study-editor/data-fields";

export type ArraySchemaEditorProps = {
  /** Used in accessible names ("Sub-fields of Lesions"). */
  fieldLabel: string;
  schema: Record<string, SubField>;
  onChange: (next: Record<string, SubField>) => void;
};

/** null: no session; "": adding; a name: editing that sub-field. */
type Session = { editing: string | null; draft: SubFieldDraft } | null;

/**
 * The sub-fields of an array field (each row of the array has them). One add or edit session at a
 * time: while one is open, the other Add and Edit buttons are disabled.
 */
export function ArraySchemaEditor({ fieldLabel, schema, onChange }: ArraySchemaEditorProps) {
  const [session, setSession] = useState<Session>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const entries = Object.entries(schema);

  function open(editing: string | null) {
    setError(null);
    setSession({
      editing,
      draft: editing === null ? emptySubFieldDraft() : subFieldDraft(editing, schema[editing]!),
    });
  }

  function save() {
    if (!session) return;
    const result = buildSubField(session.draft, schema, session.editing);
    if (!result.ok) return setError(result.error);
    onChange(putSubField(schema, session.editing, result.name, result.subField));
    setSession(null);
  }

  function remove(name: string) {
    if (!window.confirm(`Delete sub-field "${schema[name]?.label ?? name}"?`)) return;
    onChange(removeSubField(schema, name));
  }

  const set = (patch: Partial<SubFieldDraft>) =>
    session && setSession({ ...session, draft: { ...session.draft, ...patch } });
  const draft = session?.draft;

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
      {session && draft && (
        <div
          role="group"
          aria-label={session.editing === null ? "New sub-field" : `Edit sub-field ${session.editing}`}
          className="space-y-2 rounded-md bg-slate-50 p-3"
        >
          <div className="grid gap-2 sm:grid-cols-3">
            <div>
              <Label htmlFor={`${id}-name`}>Name</Label>
              <Input id={`${id}-name`} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
            </div>
            <div>
              <Label htmlFor={`${id}-label`}>Label</Label>
              <Input
                id={`${id}-label`}
                value={draft.label}
                onChange={(e) => set({ label: e.target.value })}
              />
            </div>
            <div>
              <Label htmlFor={`${id}-type`}>Type</Label>
              <select
                id={`${id}-type`}
                className={CONTROL_CLASS}
                value={draft.type}
                onChange={(e) => set({ type: e.target.value })}
              >
                {SUB_FIELD_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {OPTION_FIELD_TYPES.has(draft.type) && (
            <div>
              <Label htmlFor={`${id}-options`}>Options (one per line)</Label>
              <textarea
                id={`${id}-options`}
                rows={3}
                className={CONTROL_CLASS}
                value={draft.optionsText}
                onChange={(e) => set({ optionsText: e.target.value })}
              />
            </div>
          )}
          {draft.type === "number" && (
            <div className="grid grid-cols-2 gap-2">
              <div>
                <Label htmlFor={`${id}-min`}>Min</Label>
                <Input
                  id={`${id}-min`}
                  type="number"
                  step="any"
                  value={draft.min}
                  onChange={(e) => set({ min: e.target.value })}
                />
              </div>
              <div>
                <Label htmlFor={`${id}-max`}>Max</Label>
                <Input
                  id={`${id}-max`}
                  type="number"
                  step="any"
                  value={draft.max}
                  onChange={(e) => set({ max: e.target.value })}
                />
              </div>
            </div>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.required}
              onChange={(e) => set({ required: e.target.checked })}
            />
            Required
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button className={cn("px-3 py-1")} onClick={save}>
              {session.editing === null ? "Add" : "Update"}
            </Button>
            <Button variant="secondary" className="px-3 py-1" onClick={() => setSession(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
