"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PROTOCOL_VERSION_MESSAGES, todayIso } from "@/lib/schemas/protocol-versions";

export type AmendmentDraft = { amendment_reason: string; effective_from: string; version_label: string };

/**
 * The create-amendment modal: the reason and the effective date are required (the date defaults to
 * today, spec §5); the amendment holds the editor's current configuration.
 */
export function AmendmentDialog({
  nextNumber,
  pending,
  onCreate,
  onClose,
}: {
  nextNumber: number;
  pending: boolean;
  onCreate: (draft: AmendmentDraft) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<AmendmentDraft>({
    amendment_reason: "",
    effective_from: todayIso(),
    version_label: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof AmendmentDraft, string>>>({});

  function create() {
    const next: typeof errors = {};
    if (!draft.amendment_reason.trim()) next.amendment_reason = PROTOCOL_VERSION_MESSAGES.reasonRequired;
    if (!draft.effective_from) next.effective_from = PROTOCOL_VERSION_MESSAGES.effectiveFromRequired;
    setErrors(next);
    if (Object.keys(next).length === 0) onCreate(draft);
  }

  const invalid = (key: keyof AmendmentDraft) => invalidProps(`${id}-${key}`, errors[key]);
  const message = (key: keyof AmendmentDraft) => <FieldError id={`${id}-${key}`} error={errors[key]} />;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Create Amendment"
      description={`Version ${nextNumber} will be created as a draft with the configuration currently in the editor.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={create} disabled={pending}>
            {pending ? "Creating..." : "Create Amendment"}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <div>
          <Label htmlFor={`${id}-reason`}>Amendment reason *</Label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            className={CONTROL_CLASS}
            value={draft.amendment_reason}
            onChange={(e) => setDraft({ ...draft, amendment_reason: e.target.value })}
            {...invalid("amendment_reason")}
          />
          {message("amendment_reason")}
        </div>
        <div>
          <Label htmlFor={`${id}-from`}>Effective from *</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={draft.effective_from}
            onChange={(e) => setDraft({ ...draft, effective_from: e.target.value })}
            {...invalid("effective_from")}
          />
          {message("effective_from")}
        </div>
        <div>
          <Label htmlFor={`${id}-label`}>Version label</Label>
          <Input
            id={`${id}-label`}
            value={draft.version_label}
            placeholder="e.g. Amendment 2"
            onChange={(e) => setDraft({ ...draft, version_label: e.target.value })}
          />
        </div>
      </div>
    </Dialog>
  );
}
