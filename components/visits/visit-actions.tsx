"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { VisitResponse } from "@/lib/schemas/visits";
import { VisitQueriesBadge } from "@/components/data-queries/visit-queries-badge";

export type VisitActions = {
  /** What the server lets this user do (from the study role; the server checks every call). */
  canWrite: boolean;
  canUnlock: boolean;
  busy?: boolean;
  onEdit: (visit: VisitResponse) => void;
  onLock: (visit: VisitResponse) => void;
  onUnlock: (visit: VisitResponse) => void;
  /** Shows the visit with the fields of its own protocol version. */
  onView?: (visit: VisitResponse) => void;
};

/**
 * A visit's buttons, the same in the table's last cell and at the foot of a phone card
 * (docs/decisions/0029): add an action here and both layouts have it. Each is named with the
 * visit's number, since a screen reader meets several 'Edit' buttons on one page.
 */
export function VisitActionButtons({
  visit,
  actions,
  className,
}: {
  visit: VisitResponse;
  actions: VisitActions;
  /** Button size: compact in a table row, a larger touch target on a card. */
  className?: string;
}) {
  const t = useTranslations("visits.history");
  const size = cn("px-2 py-1", className);
  return (
    <>
      <VisitQueriesBadge visit={visit} onView={actions.onView} />
      {actions.onView && (
        <Button
          variant="secondary"
          className={size}
          aria-label={t("viewVisit", { n: visit.visit_number })}
          onClick={() => actions.onView?.(visit)}
        >
          {t("view")}
        </Button>
      )}
      {actions.canWrite && (
        <Button
          variant="secondary"
          className={size}
          disabled={visit.is_locked || actions.busy}
          title={visit.is_locked ? t("lockedHint") : undefined}
          aria-label={t("editVisit", { n: visit.visit_number })}
          onClick={() => actions.onEdit(visit)}
        >
          {t("edit")}
        </Button>
      )}
      {actions.canWrite && !visit.is_locked && (
        <Button
          variant="secondary"
          className={size}
          disabled={actions.busy}
          aria-label={t("lockVisit", { n: visit.visit_number })}
          onClick={() => actions.onLock(visit)}
        >
          {t("lock")}
        </Button>
      )}
      {actions.canUnlock && visit.is_locked && (
        <Button
          variant="secondary"
          className={size}
          disabled={actions.busy}
          aria-label={t("unlockVisit", { n: visit.visit_number })}
          onClick={() => actions.onUnlock(visit)}
        >
          {t("unlock")}
        </Button>
      )}
    </>
  );
}
