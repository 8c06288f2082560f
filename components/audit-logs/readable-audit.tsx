"use client";

import { useTranslations } from "next-intl";
import type { ReadableAudit, TrailChange, TrailSubject } from "@/lib/schemas/readable-audit";

/**
 * A clinical audit row read for a person (docs/decisions/0026), on the patient trail and on the
 * admin Audit Logs page alike: 'Visit 1 (Baseline): PASI 20 → 18', the recalculations it caused
 * beneath it, and the soft warnings its author confirmed. The server has already put labels and
 * values into the reader's language; blank values are named here.
 */

/** A record as the screens name it: 'Visit 1 (Baseline)', 'Patient PSO-001'. */
export function useSubjectName(): (subject: TrailSubject) => string {
  const t = useTranslations("trail");
  return (subject) => {
    if (subject.kind === "patient") return t("patient", { code: subject.patient_code ?? "" });
    if (subject.visit_number === null) return t("visitNumber", { number: "?" });
    return subject.visit_type_label
      ? t("visit", { number: subject.visit_number, type: subject.visit_type_label })
      : t("visitNumber", { number: subject.visit_number });
  };
}

function useChangeText(): (change: TrailChange, creation: boolean) => string {
  const t = useTranslations("trail");
  const shown = (text: string) => (text === "" ? t("blank") : text);
  // A creation lists what was entered; an edit, each value's old and new.
  return (change, creation) =>
    creation
      ? t("value", { label: change.label, value: shown(change.new_text) })
      : t("change", { label: change.label, old: shown(change.old_text), new: shown(change.new_text) });
}

/** The one-line summary: the record, then (for an edit) what changed in it. */
export function ReadableSummary({ readable, action }: { readable: ReadableAudit; action: string }) {
  const subjectName = useSubjectName();
  const changeText = useChangeText();
  const inline = action === "update" && readable.changes.length > 0;
  return (
    <span data-testid="trail-summary">
      {readable.subject ? subjectName(readable.subject) : null}
      {inline && `: ${readable.changes.map((c) => changeText(c, false)).join("; ")}`}
    </span>
  );
}

/** What goes under the summary: values set at creation, recalculations, confirmed warnings. */
export function ReadableDetails({ readable, action }: { readable: ReadableAudit; action: string }) {
  const t = useTranslations("trail");
  const subjectName = useSubjectName();
  const changeText = useChangeText();
  const listed = action === "create" && readable.changes.length > 0;
  return (
    <>
      {listed && (
        <p className="break-words text-xs text-slate-600">
          {readable.changes.map((c) => changeText(c, true)).join(" · ")}
        </p>
      )}
      {readable.recalculated_after && (
        <p className="text-xs text-slate-600">
          {t("recalculatedAfter", { subject: subjectName(readable.recalculated_after) })}
        </p>
      )}
      {readable.recalculations.length > 0 && (
        <ul className="mt-1 space-y-0.5 border-l-2 border-slate-200 pl-3 text-xs text-slate-600">
          {readable.recalculations.map((r) => (
            <li
              key={`${r.entry_id}-${r.subject?.visit_number ?? ""}`}
              data-testid="trail-recalculation"
              className="break-words"
            >
              {t("recalculated", {
                subject: r.subject ? subjectName(r.subject) : "",
                changes: r.changes.map((c) => changeText(c, false)).join("; "),
              })}
            </li>
          ))}
        </ul>
      )}
      {readable.confirmed_warnings.length > 0 && (
        <p className="text-xs text-amber-800">
          {t("warningsConfirmed", { warnings: readable.confirmed_warnings.join("; ") })}
        </p>
      )}
    </>
  );
}
