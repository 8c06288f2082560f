"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText, useCreateFieldTemplate } from "@/lib/client/field-templates";
import { TEMPLATE_FIELD_TYPES, newTemplateField, type TemplateField } from "@/lib/schemas/field-templates";

/** Create Template: name (required), description, category, Global, and a list of fields. */
export function CreateTemplateDialog({
  canCreateGlobal,
  onClose,
  onCreated,
}: {
  canCreateGlobal: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const id = useId();
  const create = useCreateFieldTemplate();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState("");
  const [isGlobal, setIsGlobal] = useState(canCreateGlobal);
  const [fields, setFields] = useState<TemplateField[]>([]);
  const [error, setError] = useState<string | null>(null);
  const canCreate = name.trim() !== "" && fields.length > 0 && !create.isPending;

  const setField = (index: number, patch: Partial<TemplateField>) =>
    setFields((list) => list.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  async function submit() {
    if (!canCreate) return;
    setError(null);
    try {
      await create.mutateAsync({
        name: name.trim(),
        description: description.trim() || null,
        category: category.trim() || null,
        fields,
        is_global: isGlobal,
      });
      onCreated();
    } catch (e) {
      setError(`Error creating template: ${errorText(e)}`);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Create Template"
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!canCreate}>
            {create.isPending ? "Creating..." : "Create"}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <div>
          <Label htmlFor={`${id}-name`}>Template Name *</Label>
          <Input id={`${id}-name`} required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>Description</Label>
          <textarea
            id={`${id}-description`}
            rows={2}
            className={CONTROL_CLASS}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Input
            id={`${id}-category`}
            placeholder="Other"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={isGlobal}
            disabled={!canCreateGlobal}
            onChange={(e) => setIsGlobal(e.target.checked)}
          />
          Global (visible to all users)
          {!canCreateGlobal && <span className="text-xs text-slate-500">: platform administrators only</span>}
        </label>
        <div>
          <div className="mb-2 flex items-center justify-between">
            <h3 className="text-sm font-medium text-slate-700">Fields ({fields.length})</h3>
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs"
              onClick={() => setFields((list) => [...list, newTemplateField(list, category)])}
            >
              Add Field
            </Button>
          </div>
          {fields.length === 0 ? (
            <p className="text-sm text-slate-500">No fields yet: add at least one.</p>
          ) : (
            <ul className="space-y-2">
              {fields.map((f, i) => (
                <li
                  key={i}
                  aria-label={`Template field ${i + 1}`}
                  className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
                >
                  <div>
                    <Label htmlFor={`${id}-f${i}-name`}>Field Name</Label>
                    <Input
                      id={`${id}-f${i}-name`}
                      className="font-mono"
                      value={f.name}
                      onChange={(e) => setField(i, { name: e.target.value })}
                    />
                  </div>
                  <div>
                    <Label htmlFor={`${id}-f${i}-label`}>Label</Label>
                    <Input
                      id={`${id}-f${i}-label`}
                      value={f.label}
                      onChange={(e) => setField(i, { label: e.target.value })}
                    />
                  </div>
                  <div>
                    <Label htmlFor={`${id}-f${i}-type`}>Type</Label>
                    <select
                      id={`${id}-f${i}-type`}
                      className={CONTROL_CLASS}
                      value={f.type}
                      onChange={(e) => setField(i, { type: e.target.value })}
                    >
                      {TEMPLATE_FIELD_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Button
                    variant="destructive"
                    className="px-2 py-1 text-xs"
                    aria-label={`Remove field ${f.label || i + 1}`}
                    onClick={() => setFields((list) => list.filter((_, j) => j !== i))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
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
