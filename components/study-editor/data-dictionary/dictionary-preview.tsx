"use client";

import type { DictionaryChange, DictionaryPreviewResponse } from "@/lib/schemas/data-dictionary";
import { CompatibilityIssueList } from "../compatibility-issue-list";

const STATUS_LABEL: Record<DictionaryChange["status"], string> = {
  created: "Created",
  updated: "Updated",
  unchanged: "Unchanged",
  kept: "Kept",
};
const STATUS_CLASS: Record<DictionaryChange["status"], string> = {
  created: "bg-green-100 text-green-800",
  updated: "bg-amber-100 text-amber-800",
  unchanged: "bg-slate-100 text-slate-700",
  kept: "bg-blue-100 text-blue-800",
};

const show = (value: unknown) => (value === null || value === undefined ? "(none)" : JSON.stringify(value));

function what(change: DictionaryChange): string {
  if (change.kind === "calculation") return "calculation";
  if (change.kind === "category") return `${change.entity} category`;
  return `${change.entity} field`;
}

/** True when the import may be applied: no problem in the file and nothing breaking stored data. */
export function canApply(preview: DictionaryPreviewResponse): boolean {
  return preview.issues.length === 0 && (preview.compatibility?.compatible ?? true);
}

/**
 * The preview of a data dictionary import: the file's problems by row, what stored data the change
 * would break, and a table of the fields and calculations it creates, updates and keeps.
 */
export function DictionaryPreview({ preview }: { preview: DictionaryPreviewResponse }) {
  const { issues, compatibility, changes } = preview;
  const count = (status: DictionaryChange["status"]) =>
    changes.filter((c) => c.kind !== "category" && c.status === status).length;
  const listed = changes.filter((c) => c.status !== "unchanged");
  return (
    <div className="space-y-4 text-sm">
      {issues.length > 0 && (
        <section
          aria-label="Problems in the file"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2"
        >
          <h3 className="font-semibold text-red-800">
            {issues.length} problem{issues.length === 1 ? "" : "s"} in the file: fix them and choose the file
            again
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-red-800">
            {issues.map((issue, i) => (
              <li key={i} className="break-words">
                {issue.row === null ? "File" : `Row ${issue.row}`}
                {issue.column ? `, ${issue.column}` : ""}: {issue.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {compatibility && (
        <section aria-label="Effect on stored data" className="space-y-2">
          <p className={compatibility.compatible ? "font-medium text-green-800" : "font-medium text-red-800"}>
            {compatibility.compatible
              ? "Compatible with the data already entered: the import becomes a new protocol version."
              : `Breaking: ${compatibility.affected_patients} patients and ${compatibility.affected_visits} visits are affected. Change the file, or make an amendment in Version History.`}
          </p>
          <CompatibilityIssueList
            title="Breaking changes"
            issues={compatibility.breaking_changes}
            tone="red"
          />
          <CompatibilityIssueList title="Warnings" issues={compatibility.warnings} tone="amber" />
        </section>
      )}
      {issues.length === 0 && (
        <p role="status">
          {count("created")} created, {count("updated")} updated, {count("unchanged")} unchanged,{" "}
          {count("kept")} kept
          {count("kept") > 0 ? " (in the study, not in the file: an import never deletes them)" : ""}.
        </p>
      )}
      {listed.length > 0 && (
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">Changes the import makes</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <th scope="col" className="w-20 py-1 pr-2 sm:w-24">
                Change
              </th>
              <th scope="col" className="py-1 pr-2">
                Name
              </th>
              <th scope="col" className="w-2/5 py-1">
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {listed.map((change) => (
              <tr
                key={`${change.kind}:${change.entity}:${change.name}`}
                className="border-b border-slate-100 align-top"
              >
                <td className="py-1 pr-2">
                  <span
                    className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_CLASS[change.status]}`}
                  >
                    {STATUS_LABEL[change.status]}
                  </span>
                </td>
                <td className="break-words py-1 pr-2">
                  <span className="font-mono">{change.name}</span>
                  <span className="block text-xs text-slate-500">
                    {what(change)}
                    {change.row !== null ? ` · row ${change.row}` : ""}
                  </span>
                </td>
                <td className="break-words py-1 text-xs">
                  {change.status === "updated" ? (
                    <ul>
                      {change.changes.map((p) => (
                        <li key={p.property}>
                          <span className="font-medium">{p.property}</span>: {show(p.before)} →{" "}
                          {show(p.after)}
                        </li>
                      ))}
                    </ul>
                  ) : change.status === "kept" ? (
                    "Not in the file: left as it is"
                  ) : change.kind === "category" ? (
                    "New category, labelled with its code"
                  ) : (
                    "New"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
