"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { cn } from "@/components/ui/cn";
import { queriesAt, usePatientQueriesContext, type QueryTarget } from "./query-context";
import { QueryPanel } from "./query-panel";

/**
 * Beside a recorded value: its data queries (decision 0030) as a badge that opens their thread
 * under the value, and for a reviewer the way to raise one. Nothing outside a patient page, and
 * nothing for a reader when the value has no query.
 */
export function QueryMarker({ target, label }: { target: QueryTarget; label: string }) {
  return <Marker target={target} label={label} />;
}

/** The visit as a whole: its own line, shown only where there is something to show or raise. */
export function WholeVisitQueries({ visitId }: { visitId: number }) {
  const t = useTranslations("dataQueries");
  const context = usePatientQueriesContext();
  const target: QueryTarget = { entityType: "visit", entityId: visitId, field: null };
  if (!context || (!context.rights.open && queriesAt(context.queries, target).length === 0)) return null;
  return (
    <p className="mb-3 text-sm text-slate-700">
      {t("visit.whole")}
      <Marker target={target} label={t("visit.whole")} />
    </p>
  );
}

function Marker({ target, label }: { target: QueryTarget; label: string }) {
  const t = useTranslations("dataQueries");
  const context = usePatientQueriesContext();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!context) return null;
  const mine = queriesAt(context.queries, target);
  const waiting = mine.filter((query) => query.status !== "closed");
  if (context.failed) return <span className="ml-1 text-xs text-red-700">{t("marker.failed")}</span>;
  if (mine.length === 0 && !context.rights.open) return null;
  const text =
    waiting.length > 0
      ? t("marker.waiting", { count: waiting.length, status: t(`status.${waiting[0]!.status}`) })
      : mine.length > 0
        ? t("marker.closed", { count: mine.length })
        : t("marker.raise");
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("marker.label", { what: label, state: text })}
        onClick={() => setOpen((was) => !was)}
        data-testid="query-marker"
        className={cn(
          "ml-1.5 inline-flex items-center rounded-full px-2 py-0.5 align-middle text-xs font-medium",
          "focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none",
          waiting.some((query) => query.status === "open")
            ? "bg-amber-100 text-amber-900 hover:bg-amber-200"
            : waiting.length > 0
              ? "bg-sky-100 text-sky-900 hover:bg-sky-200"
              : mine.length > 0
                ? "bg-slate-100 text-slate-700 hover:bg-slate-200"
                : "border border-dashed border-slate-300 text-slate-600 hover:bg-slate-50",
        )}
      >
        {text}
      </button>
      {open && (
        <div id={panelId}>
          <QueryPanel target={target} label={label} queries={mine} />
        </div>
      )}
    </>
  );
}
