"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, SaveCancelFooter, saveOnEnter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Category, FieldEntity } from "@/lib/schemas/study-config";
import {
  CATEGORY_MESSAGES,
  normalizeCategoryCode,
  validateNewCategory,
  type CategoryDraft,
} from "@/lib/study-editor/categories";

export type CategoryDialogProps = {
  entity: FieldEntity;
  categories: Category[];
  onSave: (draft: CategoryDraft) => void;
  onClose: () => void;
};

/**
 * Adds a category to one entity. The code is normalized as it is typed, so what the user sees is
 * what is stored. Mounted only while open, so each opening starts empty.
 */
export function CategoryDialog({ entity, categories, onSave, onClose }: CategoryDialogProps) {
  const [draft, setDraft] = useState<CategoryDraft>({ code: "", label: "" });
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function save() {
    const result = validateNewCategory(draft, categories, entity);
    if (!result.ok) return setError(result.error);
    onSave(result.value);
  }

  // Enter saves, and must not submit a form the study editor may have around its tabs.
  // Which box the message is about, for aria-invalid and the red border.
  const codeInvalid = error === CATEGORY_MESSAGES.unique || (error !== null && !draft.code);
  const labelInvalid = error === CATEGORY_MESSAGES.required && !draft.label.trim();

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Category"
      description={`A new section of the ${entity} form.`}
      footer={<SaveCancelFooter onSave={save} onCancel={onClose} />}
    >
      <div className="grid gap-4" onKeyDown={saveOnEnter(save)}>
        {error && <Alert>{error}</Alert>}
        <div>
          <Label htmlFor={`${id}-code`}>Code</Label>
          <Input
            id={`${id}-code`}
            value={draft.code}
            onChange={(e) => setDraft((d) => ({ ...d, code: normalizeCategoryCode(e.target.value) }))}
            aria-describedby={`${id}-code-hint`}
            aria-invalid={codeInvalid || undefined}
            autoComplete="off"
          />
          <p id={`${id}-code-hint`} className="mt-1 text-xs text-slate-500">
            Lowercase letters, numbers and underscores; it cannot be changed later.
          </p>
        </div>
        <div>
          <Label htmlFor={`${id}-label`}>Label</Label>
          <Input
            id={`${id}-label`}
            value={draft.label}
            onChange={(e) => setDraft((d) => ({ ...d, label: e.target.value }))}
            aria-invalid={labelInvalid || undefined}
          />
        </div>
      </div>
    </Dialog>
  );
}
