"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { CompatibilityResult } from "@/lib/schemas/protocol-versions";
import { CompatibilityIssueList } from "../compatibility-issue-list";

/** The compatibility-check modal: what the version would do to the data already entered. */
export function CompatibilityDialog({
  versionNumber,
  result,
  onClose,
}: {
  versionNumber: number;
  result: CompatibilityResult;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Compatibility of version ${versionNumber}`}
      className="max-w-2xl"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <p
        role="status"
        className={result.compatible ? "font-medium text-green-800" : "font-medium text-red-800"}
      >
        {result.compatible
          ? "Compatible: no data already entered contradicts this version."
          : `Breaking: ${result.affected_patients} patients and ${result.affected_visits} visits are affected.`}
      </p>
      <CompatibilityIssueList
        className="mt-3"
        title="Breaking changes"
        issues={result.breaking_changes}
        tone="red"
      />
      <CompatibilityIssueList className="mt-3" title="Warnings" issues={result.warnings} tone="amber" />
    </Dialog>
  );
}
