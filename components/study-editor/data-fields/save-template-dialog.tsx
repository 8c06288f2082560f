"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, saveOnEnter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText, useCreateFieldTemplate } from "@/lib/client/field-templates";
import { TEMPLATE_MESSAGES } from "@/lib/schemas/field-templates";
import type { DataField } from "@/lib/schemas/study-config";
import { toTemplateField } from "@/lib/study-editor/data-fields";

/** Save as Template: the selected fields become a template (name required, at least one field). */
export function SaveTemplateDialog({
  open,
  fields,
  onSaved,
  onClose,
}: {
  open: boolean;
  fields: readonly DataField[];
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const create = useCreateFieldTemplate();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState("");
  const [isGlobal, setIsGlobal] = useState(true);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    if (!name.trim()) return setError(TEMPLATE_MESSAGES.nameRequired);
    if (fields.length === 0) return setError(TEMPLATE_MESSAGES.selectField);
    setError(null);
    try {
      await create.mutateAsync({
        name: name.trim(),
        description: description.trim() || null,
        category: category.trim() || null,
        fields: fields.map(toTemplateField),
        is_global: isGlobal,
      });
      setName("");
      setDescription("");
      setCategory("");
      onSaved(TEMPLATE_MESSAGES.saved);
    } catch (e) {
      setError(`Error saving template: ${errorText(e)}`);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Save as Template"
      description={`${fields.length} selected ${fields.length === 1 ? "field" : "fields"}: ${fields.map((f) => f.label).join(", ") || "none"}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={create.isPending}>
            {create.isPending ? "Saving..." : "Save Template"}
          </Button>
        </>
      }
    >
      <div className="space-y-3" onKeyDown={saveOnEnter(() => void save())}>
        <div>
          <Label htmlFor={`${id}-name`}>Template Name</Label>
          <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} required />
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Input
            id={`${id}-description`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Input
            id={`${id}-category`}
            value={category}
            placeholder="Other"
            onChange={(e) => setCategory(e.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={isGlobal} onChange={(e) => setIsGlobal(e.target.checked)} />
          Global (visible to all users)
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
