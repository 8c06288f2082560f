"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { CompatibilityIssue, CompatibilityResult } from "@/lib/schemas/protocol-versions";

function IssueList({
  title,
  issues,
  tone,
}: {
  title: string;
  issues: CompatibilityIssue[];
  tone: "red" | "amber";
}) {
  if (issues.length === 0) return null;
  return (
    <section className="mt-3">
      <h3 className={tone === "red" ? "font-semibold text-red-800" : "font-semibold text-amber-800"}>
        {title} ({issues.length})
      </h3>
      <ul className="mt-1 space-y-2">
        {issues.map((issue) => (
          <li
            key={`${issue.kind}:${issue.entity}:${issue.target}`}
            className={`rounded-md border px-3 py-2 text-sm ${
              tone === "red" ? "border-red-200 bg-red-50" : "border-amber-200 bg-amber-50"
            }`}
          >
            <p className="break-words">{issue.message}</p>
            <p className="mt-1 text-xs text-slate-600">
              Affected: {issue.affected_patients} patients, {issue.affected_visits} visits
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

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
      <IssueList title="Breaking changes" issues={result.breaking_changes} tone="red" />
      <IssueList title="Warnings" issues={result.warnings} tone="amber" />
    </Dialog>
  );
}
