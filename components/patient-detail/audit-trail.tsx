"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useActionName, useEntityTypeName } from "@/components/audit-logs/audit-log-table";
import { ReadableDetails, ReadableSummary } from "@/components/audit-logs/readable-audit";
import { useWords } from "@/components/i18n/use-words";
import { useFormat } from "@/components/i18n/use-format";
import { usePatientAuditTrail } from "@/lib/client/patient-detail";
import type { TrailEntry } from "@/lib/schemas/audit-logs";
import { errorText } from "./format";

/** Fields an audit row changed: the keys of its new values, else of its old values. */
export function changedFields(entry: Pick<TrailEntry, "old_values" | "new_values">): string[] {
  return Object.keys(entry.new_values ?? entry.old_values ?? {});
}

/** Audit rows an entry stands for: its own and the recalculations folded under it. */
export function rowsShown(entries: readonly TrailEntry[]): number {
  return entries.reduce(
    (n, e) => n + 1 + (e.readable?.recalculations.filter((r) => r.entry_id !== e.id).length ?? 0),
    0,
  );
}

export function AuditTrailList({ entries }: { entries: TrailEntry[] }) {
  const t = useTranslations("patients.audit");
  const fmt = useFormat();
  const actionName = useActionName();
  const entityTypeName = useEntityTypeName();
  if (entries.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  return (
    <ol className="divide-y divide-slate-100">
      {entries.map((entry) => {
        // A clinical row reads as the screens speak (docs/decisions/0026); any other, as stored.
        const readable = entry.readable;
        const fields = readable ? [] : changedFields(entry);
        return (
          <li key={entry.id} className="py-2 text-sm" data-testid="audit-entry">
            <p className="break-words">
              <span className="font-semibold uppercase">{actionName(entry.action)}</span>{" "}
              <span className="text-slate-700">
                {readable ? (
                  <ReadableSummary readable={readable} action={entry.action} />
                ) : (
                  `${entityTypeName(entry.entity_type)} #${entry.entity_id ?? ""}`
                )}
              </span>{" "}
              <span className="text-slate-500">
                {t("by", { user: entry.user_name ?? t("system") })} ·{" "}
                <time dateTime={entry.timestamp}>{fmt.dateTime(entry.timestamp)}</time>
              </span>
            </p>
            {entry.reason && (
              <p className="break-words text-slate-700">{t("reason", { reason: entry.reason })}</p>
            )}
            {readable && <ReadableDetails readable={readable} action={entry.action} />}
            {fields.length > 0 && (
              <p className="break-words text-xs text-slate-500">
                {t("changed", { fields: fields.join(", ") })}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The collapsible Patient Audit Trail, closed at first; the rows are fetched when it opens. */
export function PatientAuditTrail({ patientId }: { patientId: number }) {
  const t = useTranslations("patients.audit");
  const words = useWords();
  const fmt = useFormat();
  const [open, setOpen] = useState(false);
  const trail = usePatientAuditTrail(patientId, open);
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer select-none px-4 py-3 text-lg font-semibold">{t("title")}</summary>
      <div className="border-t border-slate-100 px-4 py-3">
        {trail.isPending ? (
          <p className="text-sm text-slate-500">{t("loading")}</p>
        ) : trail.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t("error", { detail: words(errorText(trail.error)) })}
          </p>
        ) : (
          <>
            <AuditTrailList entries={trail.data.items} />
            {trail.data.total > rowsShown(trail.data.items) && (
              <p className="mt-2 text-xs text-slate-500">
                {t("latest", {
                  shown: fmt.number(rowsShown(trail.data.items)),
                  total: fmt.number(trail.data.total),
                })}
              </p>
            )}
          </>
        )}
      </div>
    </details>
  );
}
