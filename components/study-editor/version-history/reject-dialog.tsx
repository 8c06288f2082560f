"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { PROTOCOL_VERSION_MESSAGES } from "@/lib/schemas/protocol-versions";

/** Rejecting a draft needs its reason (spec §4: approved false plus rejection_reason). */
export function RejectDialog({
  versionNumber,
  onReject,
  onClose,
}: {
  versionNumber: number;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  function reject() {
    if (!reason.trim()) return setError(PROTOCOL_VERSION_MESSAGES.rejectionReasonRequired);
    onReject(reason.trim());
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Reject version ${versionNumber}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={reject}>
            Reject
          </Button>
        </>
      }
    >
      <Label htmlFor={`${id}-reason`}>Rejection reason *</Label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        className={CONTROL_CLASS}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        {...invalidProps(id, error)}
      />
      <FieldError id={id} error={error} />
    </Dialog>
  );
}
