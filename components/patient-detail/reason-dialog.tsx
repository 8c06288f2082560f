"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { REASON_LIMITS } from "@/lib/schemas/patients";
import { FieldError } from "@/components/ui/field-error";

/** The same limits the API enforces (21 CFR 11.10(e): every change of clinical data says why). */
export function reasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length < REASON_LIMITS.min) return `Reason must be at least ${REASON_LIMITS.min} characters`;
  if (length > REASON_LIMITS.max) return `Reason must be at most ${REASON_LIMITS.max} characters`;
  return null;
}

type ReasonFormProps = {
  confirmLabel: string;
  pending?: boolean;
  /** The server's answer, e.g. a 423 for a visit locked meanwhile. */
  error?: string | null;
  /** E.g. a stale-write notice with its Reload. */
  extra?: ReactNode;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** Asks why clinical data is changed before the change is sent. */
export function ReasonForm({ confirmLabel, pending, error, extra, onConfirm, onCancel }: ReasonFormProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = reasonProblem(reason);
    setProblem(found);
    if (!found) onConfirm(reason.trim());
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-600">
        Changes to clinical data are recorded in the audit trail with your reason.
      </p>
      <div>
        <Label htmlFor={`${id}-reason`}>Reason for change *</Label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          rows={3}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
          onChange={(e) => setReason(e.target.value)}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {REASON_LIMITS.min}–{REASON_LIMITS.max} characters ({reason.trim().length} now).
        </p>
        <FieldError id={id} error={problem} />
      </div>
      {error && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </div>
      )}
      {extra}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/** A reason on its own (e.g. unlocking a visit). Closing unmounts the form: it reopens empty. */
export function ReasonDialog({
  open,
  title,
  onClose,
  ...form
}: Omit<ReasonFormProps, "onCancel"> & { open: boolean; title: string; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <ReasonForm {...form} onCancel={onClose} />
    </Dialog>
  );
}
