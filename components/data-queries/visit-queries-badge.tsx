"use client";

import { useTranslations } from "next-intl";
import type { VisitResponse } from "@/lib/schemas/visits";
import { pendingOfVisit, usePatientQueriesContext } from "./query-context";

/**
 * In a visit's row or card: how many of its queries still wait (open or answered), as a button that
 * opens the visit, where each one sits beside its value (decision 0030). Nothing when none wait.
 */
export function VisitQueriesBadge({
  visit,
  onView,
}: {
  visit: VisitResponse;
  onView?: (visit: VisitResponse) => void;
}) {
  const t = useTranslations("dataQueries");
  const context = usePatientQueriesContext();
  const waiting = context ? pendingOfVisit(context.queries, visit.id) : [];
  if (waiting.length === 0) return null;
  const text = t("visit.pending", { count: waiting.length });
  const tone = waiting.some((query) => query.status === "open")
    ? "bg-amber-100 text-amber-900 hover:bg-amber-200"
    : "bg-sky-100 text-sky-900 hover:bg-sky-200";
  return onView ? (
    <button
      type="button"
      onClick={() => onView(visit)}
      data-testid={`visit-queries-${visit.visit_number}`}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}
    >
      {text}
    </button>
  ) : (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {text}
    </span>
  );
}
