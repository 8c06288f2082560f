"use client";

import { useId, useState, type ReactNode } from "react";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog, SaveCancelFooter, saveOnEnter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { VisitType } from "@/lib/schemas/study-config";
import {
  emptyVisitTypeDraft,
  validateVisitType,
  visitTypeToDraft,
  type VisitTypeDraft,
  type VisitTypeErrors,
} from "@/lib/study-editor/visit-types";
import { FieldError } from "@/components/ui/field-error";

export type VisitTypeDialogProps = {
  /** The entry being edited, or null to add one. */
  editing: VisitType | null;
  visitTypes: VisitType[];
  onSave: (visitType: VisitType) => void;
  onClose: () => void;
};

/**
 * Add or edit one visit type. Mount it fresh for each opening (the parent renders it only while
 * open) so the draft starts from the entry, not from the last edit. No <form>: the study editor
 * may wrap its tabs in one, and nested forms are invalid HTML.
 */
export function VisitTypeDialog({ editing, visitTypes, onSave, onClose }: VisitTypeDialogProps) {
  const [draft, setDraft] = useState<VisitTypeDraft>(() =>
    editing ? visitTypeToDraft(editing) : emptyVisitTypeDraft(visitTypes),
  );
  const [errors, setErrors] = useState<VisitTypeErrors>({});
  const id = useId();

  const set = (key: keyof VisitTypeDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  function save() {
    const result = validateVisitType(draft, visitTypes, editing?.code ?? null);
    if (!result.ok) return setErrors(result.errors);
    onSave(result.value);
  }

  // Enter in a text box saves the dialog, and must not submit a form around the editor.
  const codeChanged = editing !== null && draft.code.trim() !== editing.code;

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? "Edit Visit Type" : "Add Visit Type"}
      footer={<SaveCancelFooter onSave={save} onCancel={onClose} />}
    >
      <div className="grid gap-4" onKeyDown={saveOnEnter(save)}>
        <Row
          id={`${id}-code`}
          label="Code"
          error={errors.code}
          hint="Lowercase letters, numbers and underscores, e.g. week_12."
        >
          {(a11y) => (
            <Input
              {...a11y}
              value={draft.code}
              onChange={(e) => set("code")(e.target.value)}
              autoComplete="off"
            />
          )}
        </Row>
        {codeChanged && (
          // Visits store the code, so renaming it does not carry recorded visits along.
          <p className="-mt-2 text-sm text-amber-700">
            Visits already recorded with the code “{editing.code}” keep that code.
          </p>
        )}
        <Row id={`${id}-label`} label="Label" error={errors.label}>
          {(a11y) => <Input {...a11y} value={draft.label} onChange={(e) => set("label")(e.target.value)} />}
        </Row>
        <Row id={`${id}-order`} label="Order" error={errors.order} hint="Lower numbers come first.">
          {(a11y) => (
            <Input
              {...a11y}
              type="number"
              min={1}
              step={1}
              value={draft.order}
              onChange={(e) => set("order")(e.target.value)}
            />
          )}
        </Row>
        <Row id={`${id}-description`} label="Description">
          {(a11y) => (
            <textarea
              {...a11y}
              rows={3}
              value={draft.description ?? ""}
              onChange={(e) => set("description")(e.target.value)}
              className={CONTROL_CLASS}
            />
          )}
        </Row>
      </div>
    </Dialog>
  );
}

type A11yProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A labelled control with its hint and its message, both tied to it for screen readers. */
function Row(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (a11y: A11yProps) => ReactNode;
}) {
  const { id, label, error, hint } = props;
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {props.children({
        id,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
