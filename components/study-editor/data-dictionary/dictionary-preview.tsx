"use client";

import { useTranslations } from "next-intl";
import { useWords } from "@/components/i18n/use-words";
import type { DictionaryChange, DictionaryPreviewResponse } from "@/lib/schemas/data-dictionary";
import { CompatibilityIssueList } from "../compatibility-issue-list";

const STATUS_CLASS: Record<DictionaryChange["status"], string> = {
  created: "bg-green-100 text-green-800",
  updated: "bg-amber-100 text-amber-800",
  unchanged: "bg-slate-100 text-slate-700",
  kept: "bg-blue-100 text-blue-800",
};

type Translate = ReturnType<typeof useTranslations<"editor.dictionary">>;

const show = (value: unknown, t: Translate) =>
  value === null || value === undefined ? t("none") : JSON.stringify(value);

function what(change: DictionaryChange, t: Translate): string {
  if (change.kind === "calculation") return t("calculation");
  if (change.kind === "category")
    return change.entity === "patient" ? t("patientCategory") : t("visitCategory");
  return change.entity === "patient" ? t("patientField") : t("visitField");
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
  const t = useTranslations("editor.dictionary");
  const tc = useTranslations("editor.compatibility");
  const words = useWords();
  const { issues, compatibility, changes } = preview;
  const count = (status: DictionaryChange["status"]) =>
    changes.filter((c) => c.kind !== "category" && c.status === status).length;
  const listed = changes.filter((c) => c.status !== "unchanged");
  return (
    <div className="space-y-4 text-sm">
      {issues.length > 0 && (
        <section
          aria-label={t("problemsRegion")}
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2"
        >
          <h3 className="font-semibold text-red-800">{t("problems", { count: issues.length })}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-red-800">
            {issues.map((issue, i) => (
              <li key={i} className="break-words">
                {issue.row === null ? t("file") : t("row", { row: issue.row })}
                {issue.column ? `, ${issue.column}` : ""}: {words(issue.message)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {compatibility && (
        <section aria-label={t("effectRegion")} className="space-y-2">
          <p className={compatibility.compatible ? "font-medium text-green-800" : "font-medium text-red-800"}>
            {compatibility.compatible
              ? t("compatible")
              : t("breaking", {
                  patients: compatibility.affected_patients,
                  visits: compatibility.affected_visits,
                })}
          </p>
          <CompatibilityIssueList
            title={tc("breakingChanges")}
            issues={compatibility.breaking_changes}
            tone="red"
          />
          <CompatibilityIssueList title={tc("warnings")} issues={compatibility.warnings} tone="amber" />
        </section>
      )}
      {issues.length === 0 && (
        <p role="status">
          {t(count("kept") > 0 ? "summaryKept" : "summary", {
            created: count("created"),
            updated: count("updated"),
            unchanged: count("unchanged"),
            kept: count("kept"),
          })}
        </p>
      )}
      {listed.length > 0 && (
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">{t("caption")}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <th scope="col" className="w-20 py-1 pr-2 sm:w-24">
                {t("change")}
              </th>
              <th scope="col" className="py-1 pr-2">
                {t("name")}
              </th>
              <th scope="col" className="w-2/5 py-1">
                {t("details")}
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
                    {t(`status.${change.status}`)}
                  </span>
                </td>
                <td className="break-words py-1 pr-2">
                  <span className="font-mono">{change.name}</span>
                  <span className="block text-xs text-slate-500">
                    {what(change, t)}
                    {change.row !== null ? t("rowOf", { row: change.row }) : ""}
                  </span>
                </td>
                <td className="break-words py-1 text-xs">
                  {change.status === "updated" ? (
                    <ul>
                      {change.changes.map((p) => (
                        <li key={p.property}>
                          <span className="font-medium">{p.property}</span>: {show(p.before, t)} →{" "}
                          {show(p.after, t)}
                        </li>
                      ))}
                    </ul>
                  ) : change.status === "kept" ? (
                    t("notInFile")
                  ) : change.kind === "category" ? (
                    t("newCategory")
                  ) : (
                    t("new")
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
