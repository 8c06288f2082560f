"use client";

import { useFormat } from "@/components/i18n/use-format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Formatter } from "@/lib/i18n/format";
import type { VisitType } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";
import { visitMeasures } from "./visit-measures";

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

const show = (value: number | null, fmt: Formatter) => (value === null ? "—" : fmt.exact(value));

export function VisitHistory({
  visits,
  visitTypes,
  actions,
}: {
  visits: VisitResponse[];
  visitTypes: VisitType[];
  actions: VisitActions;
}) {
  const fmt = useFormat();
  if (visits.length === 0) return <p className="text-sm text-slate-500">No visits recorded yet.</p>;
  const typeLabel = (code: string) => visitTypes.find((t) => t.code === code)?.label ?? code;
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Visit #
            </th>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Type
            </th>
            <th scope="col" className="px-3 py-2">
              PASI
            </th>
            <th scope="col" className="px-3 py-2">
              DLQI
            </th>
            <th scope="col" className="px-3 py-2">
              PASI75
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {visits.map((visit) => {
            const m = visitMeasures(visit);
            return (
              <tr key={visit.id} data-testid={`visit-row-${visit.visit_number}`}>
                <td className="px-3 py-2 font-medium">{visit.visit_number}</td>
                <td className="whitespace-nowrap px-3 py-2">{fmt.date(visit.visit_date)}</td>
                <td className="px-3 py-2">{typeLabel(visit.visit_type)}</td>
                <td className="px-3 py-2">{show(m.pasi, fmt)}</td>
                <td className="px-3 py-2">{show(m.dlqi, fmt)}</td>
                <td className="px-3 py-2">{m.pasi75 === null ? "—" : m.pasi75 ? "Yes" : "No"}</td>
                <td className="px-3 py-2">
                  {visit.is_locked ? <Badge tone="muted">Locked</Badge> : <Badge tone="success">Open</Badge>}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <div className="flex justify-end gap-2">
                    {actions.onView && (
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        aria-label={`View visit ${visit.visit_number}`}
                        onClick={() => actions.onView?.(visit)}
                      >
                        View
                      </Button>
                    )}
                    {actions.canWrite && (
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        disabled={visit.is_locked || actions.busy}
                        title={visit.is_locked ? "Locked visits cannot be edited" : undefined}
                        aria-label={`Edit visit ${visit.visit_number}`}
                        onClick={() => actions.onEdit(visit)}
                      >
                        Edit
                      </Button>
                    )}
                    {actions.canWrite && !visit.is_locked && (
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        disabled={actions.busy}
                        aria-label={`Lock visit ${visit.visit_number}`}
                        onClick={() => actions.onLock(visit)}
                      >
                        Lock
                      </Button>
                    )}
                    {actions.canUnlock && visit.is_locked && (
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        disabled={actions.busy}
                        aria-label={`Unlock visit ${visit.visit_number}`}
                        onClick={() => actions.onUnlock(visit)}
                      >
                        Unlock
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
