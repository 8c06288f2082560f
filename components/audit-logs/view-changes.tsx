"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { useProtocolVersions } from "@/lib/client/protocol-versions";
import { useStudy } from "@/lib/client/studies";
import type { Locale } from "@/lib/i18n/locales";
import { configIn } from "@/lib/i18n/study-config-language";
import { fieldLabelsOf, versionInForceAt } from "@/lib/audit-view/version-in-force";
import { displayValue, fieldChanges } from "@/lib/audit-view/field-changes";
import type { AuditLogEntry } from "@/lib/schemas/audit-logs";

/**
 * The labels a row was written under: those of the protocol version in force at its time, or, for
 * a row from before the study's first version, those of the current configuration (said so).
 */
function useLabelsAt(studyId: number | null, timestamp: string) {
  const study = useStudy(studyId ?? undefined);
  const versions = useProtocolVersions(studyId ?? 0, { enabled: studyId !== null });
  const locale = useLocale() as Locale;
  return useMemo(() => {
    const version = versions.data ? versionInForceAt(versions.data.versions, timestamp) : null;
    const document = version ? version.config : study.data?.config;
    // The labels in the reader's language, else the other (decision 0022).
    return { version, labels: fieldLabelsOf(document && configIn(document, locale)) };
  }, [versions.data, study.data, timestamp, locale]);
}

export function ViewChanges({ entry }: { entry: AuditLogEntry }) {
  const t = useTranslations("audit.changes");
  if (!entry.old_values && !entry.new_values) return null;
  return (
    <details className="mt-1" data-testid="view-changes">
      <summary className="cursor-pointer text-xs font-medium text-brand-700 select-none">{t("view")}</summary>
      <ChangeTable entry={entry} />
    </details>
  );
}

function ChangeTable({ entry }: { entry: AuditLogEntry }) {
  const t = useTranslations("audit.changes");
  // A yes/no answer in the reader's words; every other value as it was stored.
  const shown = (value: unknown) =>
    typeof value === "boolean" ? (value ? t("yes") : t("no")) : displayValue(value);
  const { labels, version } = useLabelsAt(entry.study_id, entry.timestamp);
  const changes = fieldChanges(entry.old_values, entry.new_values, labels);
  if (changes.length === 0) return <p className="mt-1 text-xs text-slate-500">{t("none")}</p>;
  return (
    <>
      {entry.study_id !== null && (
        <p className="mt-1 text-xs text-slate-500" data-testid="protocol-version">
          {!version
            ? t("beforeFirstVersion")
            : version.version_label
              ? t("protocolVersionLabel", { number: version.version_number, label: version.version_label })
              : t("protocolVersion", { number: version.version_number })}
        </p>
      )}
      <table className="mt-1 w-full table-fixed text-xs">
        <caption className="sr-only">{t("caption", { id: entry.id })}</caption>
        <thead className="text-left text-slate-500">
          <tr>
            <th scope="col" className="w-1/3 py-1 pr-2 font-medium">
              {t("field")}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {t("oldValue")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("newValue")}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-1 pr-2 text-left font-medium break-words text-slate-700">
                {change.label}
              </th>
              <td className="py-1 pr-2 break-words text-red-800">{shown(change.before)}</td>
              <td className="py-1 break-words text-green-800">{shown(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
