"use client";

import { useFormat } from "@/components/i18n/use-format";
import type { VisitType } from "@/lib/schemas/study-config";

/** The patients list's 'Next visit due' cell (decision 0025): the date, the visit's name beneath. */
export function NextVisitCell({
  type,
  due,
  visitTypes,
}: {
  type: string | null;
  due: string | null;
  visitTypes: readonly VisitType[];
}) {
  const fmt = useFormat();
  if (due === null || type === null) return <span className="text-slate-400">—</span>;
  return (
    <span className="block whitespace-nowrap">
      {fmt.date(due)}
      <span className="block text-xs text-slate-500">
        {visitTypes.find((vt) => vt.code === type)?.label ?? type}
      </span>
    </span>
  );
}

/** The column's header: a button that sorts by the next visit due, and back to code order. */
export function NextVisitSortHeader({
  label,
  active,
  onToggle,
}: {
  label: string;
  active: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={active}
      className="inline-flex items-center gap-1 uppercase underline-offset-2 hover:underline"
    >
      {label}
      <span aria-hidden="true">{active ? "▲" : "↕"}</span>
    </button>
  );
}
