"use client";

import { useMemo } from "react";
import { useStudy } from "@/lib/client/studies";
import { displayValue, fieldChanges } from "@/lib/audit-view/field-changes";
import type { AuditLogEntry } from "@/lib/schemas/audit-logs";

/** Field labels of a study's configuration (data fields, calculations, therapy-switch fields). */
function useFieldLabels(studyId: number | null): Map<string, string> {
  const study = useStudy(studyId ?? undefined);
  return useMemo(() => {
    const labels = new Map<string, string>();
    const config = study.data?.config;
    if (!config) return labels;
    for (const f of config.data_fields ?? []) labels.set(f.name, f.label);
    for (const c of config.calculations ?? []) labels.set(c.name, c.label);
    for (const s of config.therapy_switch_config?.switch_fields ?? []) labels.set(s.name, s.label);
    return labels;
  }, [study.data]);
}

/**
 * The collapsible 'View Changes' of a row: each changed field with its old and new value side by
 * side, under the study configuration's labels (the current configuration: the trail does not
 * yet record which protocol version a row was written under).
 */
export function ViewChanges({ entry }: { entry: AuditLogEntry }) {
  if (!entry.old_values && !entry.new_values) return null;
  return (
    <details className="mt-1" data-testid="view-changes">
      <summary className="cursor-pointer text-xs font-medium text-brand-700 select-none">
        View Changes
      </summary>
      <ChangeTable entry={entry} />
    </details>
  );
}

function ChangeTable({ entry }: { entry: AuditLogEntry }) {
  const labels = useFieldLabels(entry.study_id);
  const changes = fieldChanges(entry.old_values, entry.new_values, labels);
  if (changes.length === 0) return <p className="mt-1 text-xs text-slate-500">No field changed.</p>;
  return (
    <table className="mt-1 w-full table-fixed text-xs">
      <caption className="sr-only">Changes of entry {entry.id}</caption>
      <thead className="text-left text-slate-500">
        <tr>
          <th scope="col" className="w-1/3 py-1 pr-2 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Old value
          </th>
          <th scope="col" className="py-1 font-medium">
            New value
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} className="border-t border-slate-100 align-top">
            <th scope="row" className="py-1 pr-2 text-left font-medium break-words text-slate-700">
              {change.label}
            </th>
            <td className="py-1 pr-2 break-words text-red-800">{displayValue(change.before)}</td>
            <td className="py-1 break-words text-green-800">{displayValue(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
